// Drill: the production layout of compose.yaml on an external PostgreSQL (migrations first, two web
// processes sharing Redis when TEST_REDIS_URL is set, two separate worker processes); one worker is SIGKILLed with renders in flight: every generation completes, each
// charged once (the killed worker's jobs are taken up again after their lease).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@vgen/db";
import { startApp, waitForExit, type RunningApp } from "../support/app-process";
import {
  cleanUp,
  createDb,
  createPolled,
  drillAccount,
  drillEnv,
  ledgerTypesByGeneration,
  report,
  until,
} from "../support/drill";
import { NO_VIOLATIONS, checkMoneyInvariants, waitForNoneProcessing } from "../support/invariants";

const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
const GENERATIONS = 6;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)("two web and two worker processes, one worker killed", () => {
  const name = `vgen_drill_workers_${randomBytes(4).toString("hex")}`;
  const apps: RunningApp[] = [];
  let db: Db | undefined;
  afterAll(async () => {
    await cleanUp(apps, [db]);
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it("completes every generation, each charged once", async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const redis = process.env.TEST_REDIS_URL;
    const env = drillEnv({ DATABASE_URL: url.toString(), WORKER_MODE: "off", ...(redis ? { REDIS_URL: redis } : {}) });
    const web1 = await startApp({ env, label: "workers-web1", migrateFirst: true, separateWorker: 1 });
    apps.push(web1);
    const web2 = await startApp({ env, label: "workers-web2" });
    apps.push(web2);
    db = createDb(url.toString(), 2);
    const webs = [web1.baseUrl, web2.baseUrl];
    let turn = 0;
    // Creates alternate between the two web processes.
    const account = await drillAccount(db, () => webs[turn++ % webs.length]!);

    // The first two (which the first worker takes) render long enough to be killed mid-way; the rest are short.
    const ids: string[] = [];
    for (let i = 0; i < GENERATIONS; i++) {
      const shape = i < 2 ? { duration: 4, size: "1080p" } : { duration: 1, size: "720p" };
      ids.push(await createPolled(account, { model: "gen-3.1-pro", prompt: `worker drill ${i}`, ...shape }));
    }
    const started = () => db!.generation.count({ where: { id: { in: ids }, startedAt: { not: null } } });
    // The first worker holds renders; then the second starts, takes its own, and the first dies.
    await until("the first worker to start its renders", async () => (await started()) >= 2, 60_000);
    const [first] = web1.workers;
    web1.addWorker();
    await until("the second worker to start a render", async () => (await started()) >= 3, 60_000);
    first!.kill("SIGKILL");
    await waitForExit(first!);
    const killedAt = Date.now();

    expect(await waitForNoneProcessing(url.toString(), [account.id], 150_000)).toBe(0);
    const gens = await db.generation.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, attempts: true } });
    const types = await ledgerTypesByGeneration(db, account.id);
    const retried = gens.filter((g) => g.attempts >= 2).length;
    report(
      "workers",
      `${GENERATIONS} generations over 2 web processes; worker 1 of 2 SIGKILLed with renders in flight; ` +
        `${gens.filter((g) => g.status === "completed").length} completed (${retried} taken up again), all done ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    expect(gens.map((g) => g.status)).toEqual(Array(GENERATIONS).fill("completed"));
    expect(retried).toBeGreaterThanOrEqual(1);
    for (const id of ids) expect(types[id], id).toEqual(["charge", "hold", "hold_release"]);
    expect(await checkMoneyInvariants(url.toString(), [account.id])).toEqual(NO_VIOLATIONS);
  });
});
