// The dashboard's generation list and detail: every filter narrows to exactly the matching
// generations of the signed-in account, search finds by prompt text or by id, pages walk the
// filtered list without skipping or repeating, and another account's generations never appear.
import { describe, expect, it } from "vitest";
import { newId, type GenerationStatus } from "@vgen/db";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { getGenerationDetail, listGenerationHistory, PLAYGROUND_SOURCE, type GenerationQuery } from "../src/generations/index";

describe.skipIf(!testDatabaseUrl)("generation history", () => {
  const db = useTestDb(4);

  async function account() {
    const id = newId("acct");
    await db().account.create({ data: { id, email: `${id}@history.test`, webhookSecret: "whsec_test" } });
    return id;
  }

  async function apiKey(accountId: string, name: string) {
    const id = newId("key");
    await db().apiKey.create({ data: { id, accountId, name, prefix: "vg_test", hash: `hash-${id}` } });
    return id;
  }

  interface Made {
    status?: GenerationStatus;
    modelId?: string;
    apiKeyId?: string | null;
    prompt: string;
    createdAt: Date;
  }

  async function generations(accountId: string, made: Made[]) {
    const rows = made.map((m, i) => ({
      id: newId("vid"),
      accountId,
      apiKeyId: m.apiKeyId ?? null,
      modelId: m.modelId ?? "gen-3.1-fast",
      status: m.status ?? "completed",
      prompt: m.prompt,
      duration: 4,
      size: "720p",
      aspectRatio: "16:9",
      width: 1280,
      height: 720,
      urls: [],
      priceMicrosPerSecond: 150_000n,
      billedSeconds: 4,
      costMicros: 600_000n,
      queue: "standard" as const,
      seed: i,
      etaSecondsAtAccept: 10,
      createdAt: m.createdAt,
    }));
    await db().generation.createMany({ data: rows });
    return rows.map((r) => r.id);
  }

  const day = (d: number, hour = 12) => new Date(Date.UTC(2026, 6, d, hour, 0, 0, 0));

  async function ids(accountId: string, query: GenerationQuery, limit = 50) {
    return (await listGenerationHistory(db(), accountId, { query, limit })).data.map((g) => g.id);
  }

  it("filters by status, model, key, playground and date range, newest first, inside one account", async () => {
    const mine = await account();
    const other = await account();
    const key = await apiKey(mine, "ci server");
    const [oldPlayground, keyFailed, keyVeo, newest] = await generations(mine, [
      { prompt: "a boat", createdAt: day(1) },
      { prompt: "a storm", status: "failed", apiKeyId: key, createdAt: day(2) },
      { prompt: "a city", modelId: "gen-3.1-pro", apiKeyId: key, createdAt: day(3, 23) },
      { prompt: "a forest", status: "processing", createdAt: day(4, 0) },
    ]);
    const otherKey = await apiKey(other, "ci server");
    await generations(other, [
      { prompt: "a storm", status: "failed", apiKeyId: otherKey, createdAt: day(2) },
      { prompt: "a city", modelId: "gen-3.1-pro", createdAt: day(3) },
    ]);

    expect(await ids(mine, {})).toEqual([newest, keyVeo, keyFailed, oldPlayground]);
    expect(await ids(mine, { status: "failed" })).toEqual([keyFailed]);
    expect(await ids(mine, { modelId: "gen-3.1-pro" })).toEqual([keyVeo]);
    expect(await ids(mine, { source: key })).toEqual([keyVeo, keyFailed]);
    expect(await ids(mine, { source: PLAYGROUND_SOURCE })).toEqual([newest, oldPlayground]);
    // Both days inclusive: 23:00 on the 3rd is in, midnight on the 4th is out.
    expect(await ids(mine, { from: "2026-07-02", to: "2026-07-03" })).toEqual([keyVeo, keyFailed]);
    expect(await ids(mine, { from: "2026-07-04" })).toEqual([newest]);
    expect(await ids(mine, { status: "completed", source: key })).toEqual([keyVeo]);
    // Another account's key as the filter finds nothing of this account, and nothing of the other.
    expect(await ids(mine, { source: otherKey })).toEqual([]);

    const page = await listGenerationHistory(db(), mine, { query: { source: key }, limit: 10 });
    expect(page.data.map((g) => g.apiKey?.name)).toEqual(["ci server", "ci server"]);
  });

  it("searches the prompt case-insensitively with wildcards taken literally, or finds one id", async () => {
    const mine = await account();
    const other = await account();
    const [sale, plain, underscore] = await generations(mine, [
      { prompt: "Banner: 50% OFF everything", createdAt: day(5) },
      { prompt: "banner with 500 balloons", createdAt: day(6) },
      { prompt: "snake_case sign", createdAt: day(7) },
    ]);
    const [othersSale] = await generations(other, [{ prompt: "banner: 50% off", createdAt: day(5) }]);

    expect(await ids(mine, { search: "BANNER" })).toEqual([plain, sale]);
    expect(await ids(mine, { search: "50%" })).toEqual([sale]);
    expect(await ids(mine, { search: "e_c" })).toEqual([underscore]);
    expect(await ids(mine, { search: "5_0" })).toEqual([]);
    expect(await ids(mine, { search: `  ${plain}  ` })).toEqual([plain]);
    // Another account's id is not found, nor its prompt.
    expect(await ids(mine, { search: othersSale! })).toEqual([]);
    expect(await ids(other, { search: "banner" })).toEqual([othersSale]);
  });

  it("walks a filtered list page by page without skipping or repeating", async () => {
    const mine = await account();
    const instants = [10, 11, 12].map((d) => day(d));
    const made = Array.from({ length: 14 }, (_, i) => ({
      prompt: `clip ${i}`,
      status: (i % 3 === 0 ? "failed" : "completed") as GenerationStatus,
      createdAt: instants[i % instants.length]!,
    }));
    await generations(mine, made);
    const query: GenerationQuery = { status: "completed" };
    const expected = await ids(mine, query);
    expect(expected).toHaveLength(9);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listGenerationHistory>> = await listGenerationHistory(db(), mine, {
        query,
        limit: 2,
        cursor,
      });
      walked.push(...page.data.map((g) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(expected);
  });

  it("details a generation with its route attempt outcomes and ledger entries; another account's is not found", async () => {
    const mine = await account();
    const other = await account();
    const [id] = await generations(mine, [{ prompt: "detail", createdAt: day(20) }]);
    const route = await db().modelRoute.findFirstOrThrow({ where: { modelId: "gen-3.1-fast" } });
    await db().routeAttempt.create({
      data: {
        id: newId("rat"),
        generationId: id!,
        routeId: route.id,
        upstreamId: "upstream-secret-task",
        outcome: "completed",
        errorDetail: "provider said something",
        startedAt: day(20),
        endedAt: day(20, 13),
      },
    });
    await db().ledgerEntry.createMany({
      data: [
        {
          id: newId("led"),
          accountId: mine,
          type: "hold",
          amountMicros: -600_000n,
          balanceAfterMicros: 400_000n,
          generationId: id!,
          reference: id!,
          createdAt: day(20),
        },
        {
          id: newId("led"),
          accountId: mine,
          type: "charge",
          amountMicros: -600_000n,
          balanceAfterMicros: 400_000n,
          generationId: id!,
          reference: id!,
          createdAt: day(20, 13),
        },
      ],
    });

    const detail = await getGenerationDetail(db(), mine, id!);
    expect(detail.generation.prompt).toBe("detail");
    // Exactly these fields: the upstream's id and its error text stay internal.
    expect(detail.routeAttempts).toEqual([
      { id: expect.stringMatching(/^rat_/), startedAt: day(20), endedAt: day(20, 13), outcome: "completed" },
    ]);
    expect(detail.ledger.map((e) => e.type)).toEqual(["hold", "charge"]);
    await expect(getGenerationDetail(db(), other, id!)).rejects.toMatchObject({ code: "generation_not_found" });
  });
});
