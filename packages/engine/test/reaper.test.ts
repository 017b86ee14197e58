import { describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

describe.skipIf(!testDatabaseUrl)("the reaper", () => {
  const db = useTestDb(2);

  async function acceptedGeneration(prompt: string) {
    const { createAccount } = await import("../src/accounts/index");
    const { creditAccount } = await import("../src/billing/index");
    const { createGeneration } = await import("../src/generations/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    const account = await createAccount(db(), { email: `reaper-${prompt}-${Date.now()}@example.test` });
    await creditAccount(db(), { accountId: account.id, amountMicros: 5_000_000n, type: "top_up", reason: "test", actor: "test" });
    const model = await findEnabledModel(db(), "gen-3.1-fast");
    const gen = await createGeneration(db(), { account, apiKeyId: null, model, body: { model: model.id, prompt, duration: 1 } });
    return { account, gen };
  }

  it("fails a generation whose job pg-boss gave up on, and one past the age limit; both holds are released", async () => {
    const { reapStuckGenerations } = await import("../src/generations/index");
    const { stopBoss } = await import("../src/platform/index");
    const crashed = await acceptedGeneration("crashloop");
    const old = await acceptedGeneration("ancient");
    await stopBoss();
    // As pg-boss leaves a job whose worker died on every retry.
    await db()
      .$executeRaw`UPDATE pgboss.job SET state = 'failed' WHERE name = 'generations' AND data->>'generationId' = ${crashed.gen.id}`;
    await db().generation.update({ where: { id: old.gen.id }, data: { createdAt: new Date(Date.now() - 7 * 3600 * 1000) } });

    expect(await reapStuckGenerations(db())).toBeGreaterThanOrEqual(2);

    const a = await db().generation.findUniqueOrThrow({ where: { id: crashed.gen.id } });
    expect(a).toMatchObject({ status: "failed", errorCode: "render_failed" });
    const b = await db().generation.findUniqueOrThrow({ where: { id: old.gen.id } });
    expect(b).toMatchObject({ status: "failed", errorCode: "timeout" });
    for (const { account } of [crashed, old]) {
      expect((await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros).toBe(5_000_000n);
    }
  });

  it("leaves a generation alone while its job is waiting or running", async () => {
    const { cancelGeneration, reapStuckGenerations } = await import("../src/generations/index");
    const { stopBoss } = await import("../src/platform/index");
    const { account, gen } = await acceptedGeneration("healthy");
    await stopBoss();
    await reapStuckGenerations(db());
    expect((await db().generation.findUniqueOrThrow({ where: { id: gen.id } })).status).toBe("processing");
    // Leave nothing for other suites' workers to pick up.
    await cancelGeneration(db(), account.id, gen.id);
  });
});
