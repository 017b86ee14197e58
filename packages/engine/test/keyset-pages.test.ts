// Keyset pagination of the account lists: walking every page returns exactly what one unpaged
// query in the same order returns, with many rows sharing one created_at (ties are resolved by
// type and id, never skipped or repeated), with and without filters. The expected order comes
// from the database, so it follows the database's collation for ids.
import { describe, expect, it } from "vitest";
import { newId } from "@vgen/db";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { listGenerations } from "../src/generations/store";
import { LEDGER_TYPES, listLedgerEntries, type LedgerFilter } from "../src/billing/ledger-entries";
import { listDeliveries } from "../src/delivery/deliveries";

describe.skipIf(!testDatabaseUrl)("keyset pages", () => {
  const db = useTestDb(4);
  // Five instants, each shared by several rows, so most page boundaries fall inside a tie.
  const instants = [0, 1, 2, 3, 4].map((i) => new Date(Date.UTC(2026, 5, 10 + i, 12, 0, 0, 0)));

  async function account() {
    return db().account.create({
      data: { id: newId("acct"), email: `${newId("acct")}@keyset.test`, webhookSecret: "whsec_test" },
    });
  }

  async function walk<T>(page: (cursor: string | null) => Promise<{ rows: T[]; next: string | null }>): Promise<T[]> {
    const all: T[] = [];
    let cursor: string | null = null;
    do {
      const p = await page(cursor);
      all.push(...p.rows);
      cursor = p.next;
    } while (cursor);
    return all;
  }

  const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

  it("generations and webhook deliveries: every page in (created_at, id) order, none skipped or repeated", async () => {
    const acct = await account();
    const generations = Array.from({ length: 23 }, (_, i) => ({
      id: newId("vid"),
      accountId: acct.id,
      modelId: "gen-3.1-fast",
      status: "completed" as const,
      prompt: `tie ${i}`,
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
      createdAt: instants[i % instants.length]!,
    }));
    await db().generation.createMany({ data: generations });
    const expected = (
      await db().generation.findMany({ where: { accountId: acct.id }, orderBy: newestFirst, select: { id: true } })
    ).map((g) => g.id);
    expect(expected).toHaveLength(generations.length);
    for (const limit of [1, 3, 4, 10]) {
      const got = await walk(async (cursor) => {
        const p = await listGenerations(db(), acct.id, limit, cursor);
        return { rows: p.data.map((g) => g.id), next: p.nextCursor };
      });
      expect(got).toEqual(expected);
    }

    const deliveries = generations.map((g, i) => ({
      id: newId("whd"),
      accountId: acct.id,
      generationId: g.id,
      url: "https://hooks.example.test/",
      eventType: "video.completed",
      payload: { id: g.id },
      createdAt: instants[(i * 2) % instants.length]!,
    }));
    await db().webhookDelivery.createMany({ data: deliveries });
    const expectedDeliveries = (
      await db().webhookDelivery.findMany({ where: { accountId: acct.id }, orderBy: newestFirst, select: { id: true } })
    ).map((d) => d.id);
    expect(expectedDeliveries).toHaveLength(deliveries.length);
    for (const limit of [1, 4, 7]) {
      const got = await walk(async (cursor) => {
        const p = await listDeliveries(db(), acct.id, { limit, cursor });
        return { rows: p.data.map((d) => d.id), next: p.nextCursor };
      });
      expect(got).toEqual(expectedDeliveries);
    }
  });

  it("ledger: every page in (created_at, type, id) order, with type and date filters", async () => {
    const acct = await account();
    const entries = Array.from({ length: 40 }, (_, i) => ({
      id: newId("led"),
      accountId: acct.id,
      type: LEDGER_TYPES[(i * 3) % LEDGER_TYPES.length]!,
      amountMicros: 1_000n,
      balanceAfterMicros: 1_000n,
      reference: `ref ${i}`,
      createdAt: instants[i % instants.length]!,
    }));
    await db().ledgerEntry.createMany({ data: entries });
    const filters: { filter: LedgerFilter; count: number }[] = [
      { filter: {}, count: 40 },
      {
        filter: { types: ["hold", "charge", "adjustment"] },
        count: entries.filter((e) => ["hold", "charge", "adjustment"].includes(e.type)).length,
      },
      { filter: { from: instants[1], to: instants[4] }, count: 24 },
    ];
    for (const { filter, count } of filters) {
      const expected = (
        await db().ledgerEntry.findMany({
          where: {
            accountId: acct.id,
            ...(filter.types ? { type: { in: filter.types } } : {}),
            ...(filter.from ? { createdAt: { gte: filter.from, lt: filter.to } } : {}),
          },
          orderBy: [{ createdAt: "desc" }, { type: "desc" }, { id: "desc" }],
          select: { id: true },
        })
      ).map((e) => e.id);
      expect(expected).toHaveLength(count);
      for (const limit of [1, 3, 8]) {
        const got = await walk(async (cursor) => {
          const p = await listLedgerEntries(db(), acct.id, { filter, limit, cursor });
          return { rows: p.entries.map((e) => e.id), next: p.nextCursor };
        });
        expect(got).toEqual(expected);
      }
    }
  });
});
