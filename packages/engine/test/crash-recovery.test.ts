import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const url = testDatabaseUrl;

function startWorker(): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "packages/ops/src/cli.ts", "worker", "--concurrency", "1"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      JOB_HEARTBEAT_SECONDS: "10",
      LOG_LEVEL: "warn",
      DATA_DIR: path.join(root, ".data-test"),
    },
    stdio: "inherit",
  });
}

async function until<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!url)("a worker killed mid-job", () => {
  const db = useTestDb(2);
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill("SIGKILL");
  });

  it("loses nothing: the job is taken up again after its lease and charged once", async () => {
    const { createAccount } = await import("../src/accounts/index");
    const { creditAccount } = await import("../src/billing/index");
    const { createGeneration } = await import("../src/generations/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    const { stopBoss } = await import("../src/platform/index");
    const account = await createAccount(db(), { email: `crash-${Date.now()}@example.test` });
    await creditAccount(db(), {
      accountId: account.id,
      amountMicros: 10_000_000n,
      type: "top_up",
      reason: "test",
      actor: "test",
    });
    const model = await findEnabledModel(db(), "gen-3.1-pro");
    const gen = await createGeneration(db(), {
      account,
      apiKeyId: null,
      model,
      body: { model: "gen-3.1-pro", prompt: "crash test", duration: 8, size: "1080p" },
    });
    await stopBoss();

    const first = startWorker();
    children.push(first);
    await until(async () => (await db().generation.findUnique({ where: { id: gen.id } }))?.startedAt, 60_000);
    first.kill("SIGKILL");

    const second = startWorker();
    children.push(second);
    const done = await until(async () => {
      const g = await db().generation.findUnique({ where: { id: gen.id } });
      return g && g.status !== "processing" ? g : null;
    }, 120_000);
    second.kill("SIGTERM");

    expect(done.status).toBe("completed");
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    const entries = await db().ledgerEntry.findMany({ where: { generationId: gen.id } });
    expect(entries.map((e) => e.type).sort()).toEqual(["charge", "hold", "hold_release"]);
    const after = await db().account.findUniqueOrThrow({ where: { id: account.id } });
    expect(after.balanceMicros).toBe(10_000_000n - 3_840_000n);
  }, 180_000);
});
