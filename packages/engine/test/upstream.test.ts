// The worker with a model routed to an upstream: processGeneration end to end against the fake API.
import { mkdtempSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Account, CatalogModel, Generation } from "@vgen/db";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sampleMp4, startFakeUpstream, type FakeUpstream } from "./helpers/fake-upstream";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

// Before the engine reads its configuration (it is cached on first use).
const dataDir = mkdtempSync(path.join(os.tmpdir(), "upstream-test-"));
process.env.DATA_DIR = dataDir;
process.env.OUTPUT_DIR = path.join(dataDir, "outputs");
process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";
process.env.LOG_LEVEL ??= "warn";
delete process.env.STORAGE_DRIVER;

const MODEL_ID = "test-fakeveo-model";

async function until<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(!testDatabaseUrl)("processGeneration with an upstream provider", () => {
  const db = useTestDb(4);
  let fake: FakeUpstream;
  let account: Account;
  let model: CatalogModel;
  let engine: Awaited<ReturnType<typeof loadEngine>>;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    Object.assign(process.env, {
      UPSTREAM_FAKEVEO_URL: fake.url,
      UPSTREAM_FAKEVEO_API_KEY: fake.apiKey,
      UPSTREAM_FAKEVEO_MODEL: fake.model,
      UPSTREAM_FAKEVEO_POLL_INTERVAL_MS: "10",
      UPSTREAM_FAKEVEO_MAX_POLL_INTERVAL_MS: "25",
    });
    engine = await loadEngine();
    const row = {
      purpose: "Upstream test model",
      priceMicrosPerSecond: 100_000n,
      rateLimitQps: 100,
      minChargeSeconds: 1,
      queue: "standard" as const,
      sizes: ["720p"],
      minDuration: 1,
      maxDuration: 8,
      defaultDuration: 4,
      provider: "fakeveo",
      sortOrder: 99,
      // Hidden from the public catalog other suites may read; generations are created directly.
      enabled: false,
    };
    model = await db().catalogModel.upsert({ where: { id: MODEL_ID }, create: { id: MODEL_ID, ...row }, update: row });
    account = await engine.createAccount(db(), { email: `upstream-${Date.now()}@example.test` });
    await engine.creditAccount(db(), { accountId: account.id, amountMicros: 100_000_000n, type: "top_up", reason: "test", actor: "test" });
  });
  afterAll(async () => {
    await engine?.stopBoss();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  async function newGeneration(prompt = "a lighthouse at night", modelRow = model): Promise<Generation> {
    return engine.createGeneration(db(), {
      account,
      apiKeyId: null,
      model: modelRow,
      body: { model: modelRow.id, prompt, duration: 4 } as never,
    });
  }

  const reload = (id: string) => db().generation.findUniqueOrThrow({ where: { id } });
  const ledgerTypes = async (id: string) =>
    (await db().ledgerEntry.findMany({ where: { generationId: id } })).map((e) => e.type).sort();

  it("completes: persists the operation while polling, stores the video, charges once, never shows the task id", async () => {
    fake.reset({ pollsUntilDone: 20, reportProgress: true });
    const gen = await newGeneration();
    const running = engine.processGeneration(db(), gen.id);
    // The operation name is stored as soon as the upstream accepted the job, before it finishes.
    const persisted = await until(async () => {
      const g = await reload(gen.id);
      return g.upstreamTaskId ? g : null;
    });
    expect(persisted.status).toBe("processing");
    expect(fake.operations.has(persisted.upstreamTaskId!)).toBe(true);
    await until(async () => (await reload(gen.id)).progress > 0 || (await reload(gen.id)).status !== "processing");
    await running;

    const done = await reload(gen.id);
    expect(done.status).toBe("completed");
    expect(done.progress).toBe(100);
    expect(done.outputKey).toBe(`${gen.id}.mp4`);
    expect(done.upstreamTaskId).toBe(persisted.upstreamTaskId);
    expect(fake.submissions).toBe(1);
    const stored = await readFile(path.join(process.env.OUTPUT_DIR!, done.outputKey!));
    expect(stored).toEqual(await sampleMp4());
    expect(await ledgerTypes(gen.id)).toEqual(["charge", "hold", "hold_release"]);

    const record = await engine.recordOf(db(), done);
    const json = JSON.stringify(record);
    expect(json).not.toContain(done.upstreamTaskId!);
    expect(json).not.toMatch(/upstream|task/i);
    expect(json).not.toContain("operations/");
    expect(Object.keys(record)).not.toContain("upstreamTaskId");
    expect(record.output[0]!.url).toMatch(new RegExp(`/${gen.id}\\.mp4$`));
    // No work files are left behind.
    const work = path.join(process.env.OUTPUT_DIR!, ".work");
    await expect(readdir(work)).resolves.toEqual([]);
  });

  it("resumes the same operation after a crash instead of submitting (and paying) again", async () => {
    fake.reset({ pollsUntilDone: 3 });
    const gen = await newGeneration("resume me");
    // State a worker leaves when it dies after the submit: operation persisted, job started once.
    const op = fake.createOperation();
    await db().generation.update({
      where: { id: gen.id },
      data: { upstreamTaskId: op.name, startedAt: new Date(), attempts: 1 },
    });
    expect(fake.submissions).toBe(1);

    await engine.processGeneration(db(), gen.id);

    const done = await reload(gen.id);
    expect(done.status).toBe("completed");
    expect(done.attempts).toBe(2);
    expect(done.upstreamTaskId).toBe(op.name);
    expect(fake.submissions).toBe(1);
    expect(fake.submitRequests).toBe(0);
    expect(op.polls).toBeGreaterThan(3);
    expect(await ledgerTypes(gen.id)).toEqual(["charge", "hold", "hold_release"]);
  });

  it.each([
    ["error", "upstream_error"],
    ["policy_error", "content_policy_violation"],
    ["filtered", "content_policy_violation"],
  ] as const)("an operation ending with %s fails the generation with %s and charges nothing", async (outcome, code) => {
    fake.reset({ pollsUntilDone: 1, outcome });
    const gen = await newGeneration(`fail ${outcome}`);
    await engine.processGeneration(db(), gen.id);
    const done = await reload(gen.id);
    expect(done.status).toBe("failed");
    expect(done.errorCode).toBe(code);
    expect(done.errorMessage).not.toContain(done.upstreamTaskId!);
    expect(done.outputKey).toBeNull();
    expect(await ledgerTypes(gen.id)).toEqual(["hold", "hold_release"]);
    const record = await engine.recordOf(db(), done);
    expect(record.error?.code).toBe(code);
    expect(JSON.stringify(record)).not.toContain("operations/");
  });

  it("fails with upstream_error when the model's provider is not configured", async () => {
    const row = { ...model, id: "test-unconfigured-provider", provider: "nosuchupstream" };
    const { createdAt: _c, updatedAt: _u, ...data } = row;
    const missing = await db().catalogModel.upsert({ where: { id: row.id }, create: data, update: data });
    const gen = await newGeneration("nowhere", missing);
    await engine.processGeneration(db(), gen.id);
    const done = await reload(gen.id);
    expect(done.status).toBe("failed");
    expect(done.errorCode).toBe("upstream_error");
    expect(fake.submitRequests).toBe(0);
  });

  it("a canceled generation cancels the upstream operation and stores nothing", async () => {
    fake.reset({ outcome: "never" });
    const gen = await newGeneration("cancel me");
    const running = engine.processGeneration(db(), gen.id);
    await until(async () => (await reload(gen.id)).upstreamTaskId);
    await engine.cancelGeneration(db(), account.id, gen.id);
    await running;
    const done = await reload(gen.id);
    expect(done.status).toBe("canceled");
    expect(fake.cancels).toBe(1);
    expect(fake.operations.get(done.upstreamTaskId!)!.canceled).toBe(true);
    await expect(stat(path.join(process.env.OUTPUT_DIR!, `${gen.id}.mp4`))).rejects.toThrow();
    expect(await ledgerTypes(gen.id)).toEqual(["hold", "hold_release"]);
  });
});

/** The engine modules this suite drives, imported after the environment above is set. */
async function loadEngine() {
  return {
    ...(await import("../src/accounts/accounts")),
    ...(await import("../src/billing/ledger")),
    ...(await import("../src/generations/store")),
    ...(await import("../src/generations/worker")),
    ...(await import("../src/platform/queue")),
  };
}
