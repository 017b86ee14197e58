// Drill: the server is SIGKILLed between claiming Idempotency-Keys and answering, then restarted on
// the same data. Every retry with the same key must end in one 202 (a replay, or the one run once
// the dead claim's lease has passed), and each key must have produced at most one generation and
// one hold. Three shapes of crash:
//   answered-lost: the create committed but the client never got the answer (replay expected);
//   claim-only:    the key was claimed but the create never committed (taken over after the lease);
//   burst:         SIGKILL 0.5 s into a burst of keyed requests, whatever state each key was in.
// The first two are made deterministic by holding the accounts' rows locked from the test, so the
// creates wait inside PostgreSQL after their claims committed.
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@vgen/db";
import { startApp, waitForExit, type RunningApp } from "../support/app-process";
import { NO_VIOLATIONS, checkMoneyInvariants, waitForNoneProcessing } from "../support/invariants";
import { drillAccount, type DrillAccount } from "../support/drill";
import { drillDb, postCreate, retryUntilSettled, sleep, stopOrphanedPostgres, subscribe } from "../support/keyed-requests";

const LEASE_SECONDS = 20;
const body = { model: "gen-3.1-fast", prompt: "crash drill", duration: 1, stream: false };
const { DATABASE_URL: _external, ...baseEnv } = process.env;
const env = { ...baseEnv, IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS), LOG_LEVEL: "warn" };

describe("SIGKILL right after the idempotency claim", () => {
  let app: RunningApp | undefined;
  let db: Db | undefined;
  const clients: pg.Client[] = [];
  const figures: Record<string, number | string> = {};

  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => {});
    await db?.$disconnect();
    if (app) {
      if (app.server.exitCode === null && app.server.signalCode === null) await app.stop();
      else stopOrphanedPostgres(app.dataDir);
      rmSync(app.dataDir, { recursive: true, force: true });
    }
    console.log(`[idempotency-crash] ${JSON.stringify(figures)}`);
  });

  async function connect(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return client;
  }

  async function kill(running: RunningApp) {
    running.server.kill("SIGKILL");
    await waitForExit(running.server);
  }

  async function restart(previous: RunningApp): Promise<RunningApp> {
    await db?.$disconnect();
    const started = Date.now();
    const next = await startApp({ env, label: "idem-crash", dataDir: previous.dataDir });
    figures.restartMs = Date.now() - started;
    db = drillDb(next.databaseUrl);
    return next;
  }

  /** Each key's final answer is one 202 naming the one generation the key produced. */
  async function expectOneGenerationPerKey(account: DrillAccount, keys: string[], finalIds: Map<string, string>) {
    const rows = await db!.idempotencyKey.findMany({ where: { accountId: account.id } });
    expect(rows).toHaveLength(keys.length);
    for (const row of rows) {
      expect(row.responseStatus).toBe(202);
      expect(row.generationId).toBe(finalIds.get(row.key));
    }
    const generations = await db!.generation.findMany({ where: { accountId: account.id }, select: { id: true } });
    expect(new Set(generations.map((g) => g.id))).toEqual(new Set(finalIds.values()));
    expect(new Set(finalIds.values()).size).toBe(keys.length);
    expect(await db!.ledgerEntry.count({ where: { accountId: account.id, type: "hold" } })).toBe(keys.length);
  }

  it("every retry succeeds within the lease; each key produced one generation and one hold", async () => {
    app = await startApp({ env, label: "idem-crash" });
    db = drillDb(app.databaseUrl);
    const answeredLost = await drillAccount(db, () => app!.baseUrl, { balanceMicros: 50_000_000n, tag: "answered-lost" });
    const claimOnly = await drillAccount(db, () => app!.baseUrl, { balanceMicros: 50_000_000n, tag: "claim-only" });
    const burst = await drillAccount(db, () => app!.baseUrl, { balanceMicros: 50_000_000n, tag: "burst" });
    const accounts = [answeredLost, claimOnly, burst];
    // Subscribed up front, so every create is the one statement that waits on the locked row below.
    for (const a of accounts) await subscribe(db, a.id, body.model);
    const keysOf = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}-${i}-${Date.now()}`);
    const lostKeys = keysOf("lost", 4);
    const claimKeys = keysOf("claim", 4);

    // Phase 1: creates stopped inside PostgreSQL after their claims committed, then SIGKILL.
    const lockLost = await connect(app.databaseUrl);
    const lockClaim = await connect(app.databaseUrl);
    // NO KEY UPDATE: it blocks the balance hold but not the claim (whose foreign key shares the row).
    for (const [client, account] of [
      [lockLost, answeredLost],
      [lockClaim, claimOnly],
    ] as const) {
      await client.query("BEGIN");
      await client.query("SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE", [account.id]);
    }
    const inFlight = [
      ...lostKeys.map((k) => postCreate(app!.baseUrl, answeredLost, body, k).catch(() => null)),
      ...claimKeys.map((k) => postCreate(app!.baseUrl, claimOnly, body, k).catch(() => null)),
    ];
    const observer = await connect(app.databaseUrl);
    const waitUntil = async (what: string, sql: string, args: unknown[], want: number) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const n = Number((await observer.query<{ n: string }>(sql, args)).rows[0]!.n);
        if (n === want) return;
        if (Date.now() > deadline) throw new Error(`${what}: ${n}, expected ${want}`);
        await sleep(100);
      }
    };
    await waitUntil(
      "claims held",
      "SELECT count(*) AS n FROM idempotency_keys WHERE account_id = ANY($1) AND response_status IS NULL AND locked_until > now()",
      [[answeredLost.id, claimOnly.id]],
      8,
    );
    await waitUntil(
      "creates waiting on the locked rows",
      "SELECT count(*) AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query LIKE '%key_done AS%'",
      [],
      8,
    );
    const killedAt = Date.now();
    await kill(app);
    await Promise.all(inFlight);

    // The server is gone; its database (orphaned, still running) lets the waiting creates go on.
    // answered-lost: they commit with nobody to answer. claim-only: they die before committing.
    await lockLost.query("COMMIT");
    await waitUntil(
      "answered-lost keys completed",
      "SELECT count(*) AS n FROM idempotency_keys WHERE account_id = $1 AND response_status = 202",
      [answeredLost.id],
      4,
    );
    await observer.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query LIKE '%key_done AS%'",
    );
    await lockClaim.query("ROLLBACK");
    await waitUntil(
      "claim-only creates gone",
      "SELECT count(*) AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query LIKE '%key_done AS%' AND state = 'active'",
      [],
      0,
    );
    expect(await db.generation.count({ where: { accountId: answeredLost.id } })).toBe(4);
    expect(await db.generation.count({ where: { accountId: claimOnly.id } })).toBe(0);
    for (const c of clients.splice(0)) await c.end();

    app = await restart(app);
    const deadline = killedAt + (LEASE_SECONDS + 15) * 1000;
    const lostIds = new Map<string, string>();
    const claimIds = new Map<string, string>();
    let replays = 0;
    let inProgressAnswers = 0;
    await Promise.all([
      ...lostKeys.map(async (k) => {
        const { answer, inProgress } = await retryUntilSettled(() => app!.baseUrl, answeredLost, body, k, deadline);
        expect(answer.status).toBe(202);
        expect(answer.headers.get("idempotent-replayed")).toBe("true");
        expect(inProgress).toBe(0);
        replays++;
        lostIds.set(k, answer.body.id!);
      }),
      ...claimKeys.map(async (k) => {
        const { answer, inProgress } = await retryUntilSettled(() => app!.baseUrl, claimOnly, body, k, deadline);
        expect(answer.status).toBe(202);
        expect(answer.headers.get("idempotent-replayed")).toBeNull();
        inProgressAnswers += inProgress;
        claimIds.set(k, answer.body.id!);
      }),
    ]);
    figures.phase1SettledAfterKillMs = Date.now() - killedAt;
    figures.replayedAfterCrash = replays;
    figures.takenOverAfterLease = claimIds.size;
    figures.inProgressAnswersBeforeTakeover = inProgressAnswers;
    await expectOneGenerationPerKey(answeredLost, lostKeys, lostIds);
    await expectOneGenerationPerKey(claimOnly, claimKeys, claimIds);

    // Phase 2: the probe: SIGKILL 0.5 s into a burst of keyed requests.
    const burstKeys = keysOf("burst", 16);
    const firstAnswers = new Map<string, string>();
    const burstStart = Date.now();
    const sent = burstKeys.map(async (k, i) => {
      await sleep(i * 50);
      const answer = await postCreate(app!.baseUrl, burst, body, k).catch(() => null);
      if (answer?.status === 202) firstAnswers.set(k, answer.body.id!);
    });
    await sleep(500 - (Date.now() - burstStart));
    const burstKilledAt = Date.now();
    await kill(app);
    await Promise.all(sent);
    const keysAtKill = await db.idempotencyKey.findMany({ where: { accountId: burst.id } });
    figures.burstAnsweredBeforeKill = firstAnswers.size;
    figures.burstKeysInProgressAtKill = keysAtKill.filter((r) => r.responseStatus === null).length;
    figures.burstKeysCompletedUnanswered = keysAtKill.filter((r) => r.responseStatus !== null && !firstAnswers.has(r.key)).length;

    app = await restart(app);
    const burstIds = new Map<string, string>();
    await Promise.all(
      burstKeys.map(async (k) => {
        const { answer } = await retryUntilSettled(
          () => app!.baseUrl,
          burst,
          body,
          k,
          burstKilledAt + (LEASE_SECONDS + 15) * 1000,
        );
        expect(answer.status).toBe(202);
        // A key answered before the crash replays that very answer.
        if (firstAnswers.has(k)) expect(answer.body.id).toBe(firstAnswers.get(k));
        burstIds.set(k, answer.body.id!);
      }),
    );
    figures.burstSettledAfterKillMs = Date.now() - burstKilledAt;
    await expectOneGenerationPerKey(burst, burstKeys, burstIds);

    const ids = accounts.map((a) => a.id);
    expect(await waitForNoneProcessing(app.databaseUrl, ids, 240_000)).toBe(0);
    const report = await checkMoneyInvariants(app.databaseUrl, ids);
    Object.assign(figures, { faultsSurvived: 2, keys: lostKeys.length + claimKeys.length + burstKeys.length }, report);
    expect(report).toEqual(NO_VIOLATIONS);
  });
});
