// The ETA's processing time comes from the model's recent completed generations: a concatenation
// of clips (POST /api/v1/videos/concat, made in a moment) is no such generation and must not pull it down.
import { newId } from "@vgen/db";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const PROCESSING_SECONDS = 40;

describe.skipIf(!testDatabaseUrl)("ETA history", () => {
  const db = useTestDb(4);
  let eta: typeof import("../src/generations/eta");
  let accountId: string;

  beforeAll(async () => {
    eta = await import("../src/generations/eta");
    const { createAccount } = await import("../src/accounts/index");
    accountId = (await createAccount(db(), { email: `eta-history-${newId("req").slice(4, 14)}@example.test` })).id;
  });

  /** A fresh model whose history is three 8 s clips that each took PROCESSING_SECONDS, plus `extra` rows. */
  async function modelWithHistory(extra: "none" | "a concatenation") {
    const modelId = `etah-${newId("rte").slice(4, 14).toLowerCase()}`;
    await db().catalogModel.create({
      data: {
        id: modelId,
        purpose: "ETA history test",
        purposeRu: "ETA history test (ru)",
        priceMicrosPerSecond: 100_000n,
        rateLimitQps: 1000,
        minChargeSeconds: 1,
        queue: "standard",
        sizes: ["720p"],
        minDuration: 1,
        maxDuration: 16,
        defaultDuration: 8,
      },
    });
    await db().modelRoute.create({ data: { id: newId("rte"), modelId, position: 0, provider: "local", maxConcurrency: 4 } });
    const clip = (i: number, seconds: number, concatOf: string[] = []) => {
      const completedAt = new Date(Date.now() - i * 60_000);
      return {
        id: newId("vid"),
        accountId,
        modelId,
        status: "completed" as const,
        prompt: "history",
        duration: 8,
        size: "720p",
        aspectRatio: "16:9",
        width: 1280,
        height: 720,
        priceMicrosPerSecond: 100_000n,
        billedSeconds: concatOf.length ? 0 : 8,
        costMicros: concatOf.length ? 0n : 800_000n,
        queue: "standard" as const,
        seed: 1,
        etaSecondsAtAccept: 10,
        createdAt: new Date(completedAt.getTime() - seconds * 1000),
        startedAt: new Date(completedAt.getTime() - seconds * 1000),
        completedAt,
        concatOf,
      };
    };
    const clips = [1, 2, 3].map((i) => clip(i, PROCESSING_SECONDS));
    await db().generation.createMany({ data: clips });
    // A concatenation as long as the clips, started and completed in the same instant.
    if (extra === "a concatenation") await db().generation.create({ data: clip(0, 0, [clips[0]!.id, clips[1]!.id]) });
    return modelId;
  }

  it("a concatenation of the model's clips leaves the expected processing time alone", async () => {
    const [plain, joined] = await Promise.all([modelWithHistory("none"), modelWithHistory("a concatenation")]);
    // Same queue, read together (the queue snapshot is shared for a second): only the history differs.
    const etaOf = (modelId: string) => eta.etaForNewJob(db(), { modelId, size: "720p", duration: 8, queue: "standard" });
    const [a, b] = await Promise.all([etaOf(plain), etaOf(joined)]);
    expect(b.etaSeconds).toBe(a.etaSeconds);
    expect(a.etaSeconds).toBeGreaterThanOrEqual(PROCESSING_SECONDS);
  });
});
