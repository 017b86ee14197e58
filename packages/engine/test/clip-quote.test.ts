// The dashboard shows prices with @vgen/contracts' quoteClip and a result's cost as its billed
// seconds × the generation's price: both must be what the API holds and records.
import { costMicrosFor, formatUsd, quoteClip } from "@vgen/contracts";
import { CATALOG_SEED } from "@vgen/db/seed";
import { describe, expect, it } from "vitest";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

describe.skipIf(!testDatabaseUrl)("quoteClip is what the API holds", () => {
  const db = useTestDb(4);
  const funded = useFundedAccounts(db, "quote");

  it.each([1, 3, 4, 8])("a %i s clip of each seeded model", async (duration) => {
    const { acceptGeneration } = await import("../src/generations/index");
    const { listCatalog } = await import("../src/catalog/index");
    const account = await funded(100_000_000n);
    // The seeded models only: other suites add models of their own to the same database.
    const seeded = new Set(CATALOG_SEED.map((m) => m.id));
    const models = (await listCatalog(db())).filter(
      (m) => seeded.has(m.id) && duration >= m.minDuration && duration <= m.maxDuration,
    );
    expect(models.length).toBeGreaterThan(0);
    for (const model of models) {
      const body = { model: model.id, prompt: "a quoted clip", duration, stream: false };
      const { generation, record } = await acceptGeneration(db(), { account, apiKeyId: null, body });
      const quote = quoteClip(model, duration);
      expect(record.billed_seconds).toBe(quote.billedSeconds);
      expect(generation.costMicros).toBe(quote.costMicros);
      expect(record.cost).toBe(formatUsd(costMicrosFor(record.billed_seconds, generation.priceMicrosPerSecond)));
    }
  });
});
