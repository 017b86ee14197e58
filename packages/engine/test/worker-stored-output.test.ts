// A render whose outputs were stored and recorded but not completed (the database went away at that
// moment, or the process died right after) is finished from the stored files, never rendered again.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { useLocalOutputs } from "./helpers/local-outputs";

useLocalOutputs("stored-output");

describe.skipIf(!testDatabaseUrl)("a job that finds its output already stored", () => {
  const db = useTestDb(4);
  let engine: Awaited<ReturnType<typeof loadEngine>> | undefined;
  afterAll(async () => {
    await engine?.stopBoss();
  });

  it("completes from the recorded outputs, charged once, without rendering again", async () => {
    engine = await loadEngine();
    const account = await engine.createAccount(db(), { email: `stored-${Date.now()}@example.test` });
    await engine.creditAccount(db(), {
      accountId: account.id,
      amountMicros: 10_000_000n,
      type: "top_up",
      reason: "test",
      actor: "test",
    });
    const model = await engine.findEnabledModel(db(), "gen-3.1-pro");
    const gen = await engine.createGeneration(db(), {
      account,
      apiKeyId: null,
      model,
      body: { model: "gen-3.1-pro", prompt: "already rendered", duration: 8, size: "4k" },
    });
    // What the earlier attempt stored (a render would replace it with a real MP4).
    const storage = await engine.storageBackend();
    const earlier = path.join(await storage.workDir(), "earlier.part");
    await writeFile(earlier, "the earlier attempt's output");
    await storage.put(engine.outputKeyFor(gen.id), earlier, 86_400);
    await engine.recordStoredOutput(db(), gen.id, {
      index: 0,
      key: engine.outputKeyFor(gen.id),
      poster_key: null,
      delivered_ms: 8_000,
      has_audio: false,
    });

    await engine.processGeneration(db(), gen.id);

    const done = await db().generation.findUniqueOrThrow({ where: { id: gen.id } });
    expect(done.status).toBe("completed");
    expect(engine.outputsOf(done).map((o) => o.key)).toEqual([engine.outputKeyFor(gen.id)]);
    expect(await readFile(path.join(process.env.OUTPUT_DIR!, engine.outputKeyFor(gen.id)), "utf8")).toBe(
      "the earlier attempt's output",
    );
    const entries = await db().ledgerEntry.findMany({ where: { generationId: gen.id } });
    expect(entries.map((e) => e.type).sort()).toEqual(["charge", "hold", "hold_release"]);
  });
});

/** The engine modules this suite drives, imported after the environment above is set. */
async function loadEngine() {
  return {
    ...(await import("../src/accounts/accounts")),
    ...(await import("../src/billing/ledger")),
    ...(await import("../src/catalog/models")),
    ...(await import("../src/generations/store")),
    ...(await import("../src/generations/worker/next-step")),
    ...(await import("../src/platform/queue")),
    ...(await import("../src/storage/backend")),
    ...(await import("../src/storage/outputs")),
  };
}
