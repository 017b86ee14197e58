// Drill: SIGKILL of the embedded PostgreSQL during create/poll traffic. The app restarts its
// database by itself; meanwhile requests answer 503 with Retry-After (never 500); afterwards
// nothing is lost: every accepted generation completes and is charged once, a render in flight
// is not done twice, and the request logs of the outage are stored.
import { afterAll, describe, expect, it } from "vitest";
import { parseUsd } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { startApp, type RunningApp } from "../support/app-process";
import { cleanUp, createDb, createPolled, drillAccount, drillEnv, postmasterPid, report, until } from "../support/drill";
import { NO_VIOLATIONS, checkMoneyInvariants, waitForNoneProcessing } from "../support/invariants";

const MAX_ACCEPTED = 16;
/** Three lanes, each at most one call per this many ms: 60 calls a second at most, below ACCOUNT_RATE_LIMIT_QPS (100). */
const LANE_PERIOD_MS = 50;

// undici says only "fetch failed"; its cause (reset, refused, timeout) tells what the server did.
const describeFetchError = (err: unknown) => {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return [(err as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(": ");
};

/** The most requests answered within any one second (the account's limit is 100 a second). */
const busiestSecond = (outcomes: { at: number }[]) => {
  const at = outcomes.map((o) => o.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < at.length; i++) {
    while (at[i]! - at[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
};

interface Outcome {
  at: number;
  status: number;
  retryAfter: string | null;
  code: string | null;
}

describe("SIGKILL of the embedded PostgreSQL during traffic", () => {
  let app: RunningApp | undefined;
  let db: Db | undefined;
  afterAll(() => cleanUp([app], [db]));

  it("answers 503 + Retry-After meanwhile, recovers without a restart of the app, and loses nothing", async () => {
    // The default job lease (30 s): an outage shorter than it must not hand a running render to a second attempt.
    app = await startApp({ env: drillEnv({ JOB_HEARTBEAT_SECONDS: "30" }), label: "pg-kill" });
    db = createDb(app.databaseUrl, 2);
    const account = await drillAccount(db, app.baseUrl, { balanceMicros: parseUsd("10000.00") });
    const serverPid = app.server.pid;

    // A longer render that is running when the database dies: it must complete once, not render twice.
    const long = await createPolled(account, {
      model: "gen-3.1-pro",
      prompt: "kept through an outage",
      duration: 6,
      size: "1080p",
    });
    await until("the long render to start", async () => (await db!.generation.findUnique({ where: { id: long } }))?.startedAt);

    const outcomes: Outcome[] = [];
    const accepted = new Set<string>([long]);
    let healthDown = 0;
    let stop = false;
    const note = async (res: Response) => {
      const text = await res.text();
      let code: string | null = null;
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
      } catch {
        code = "(not json)";
      }
      outcomes.push({ at: Date.now(), status: res.status, retryAfter: res.headers.get("retry-after"), code });
      return text;
    };
    const traffic = async (lane: number) => {
      for (let i = 0; !stop; i++) {
        const started = Date.now();
        try {
          // Creates go on until a bounded number is accepted: each must then render on this machine's
          // two cores before the drill can check that none was lost.
          if (i % 3 === 0 && accepted.size < MAX_ACCEPTED) {
            const res = await account.call("/api/v1/videos/generations", {
              method: "POST",
              json: { model: "gen-3.1-fast", prompt: `lane ${lane} #${i}`, duration: 1, size: "720p", stream: false },
            });
            const text = await note(res);
            if (res.status === 202) accepted.add((JSON.parse(text) as { id: string }).id);
          } else {
            const ids = [...accepted];
            await note(await account.call("/api/v1/videos/result", { method: "POST", json: { id: ids[i % ids.length] } }));
          }
        } catch (err) {
          outcomes.push({ at: Date.now(), status: -1, retryAfter: null, code: describeFetchError(err) });
        }
        // At most one call per lane every LANE_PERIOD_MS: 503s come back in a few ms during the outage,
        // and three lanes at full speed would pass the account's 100 calls a second (429, not this drill's).
        await new Promise((r) => setTimeout(r, Math.max(20, LANE_PERIOD_MS - (Date.now() - started))));
      }
    };
    // The dashboard's side: tRPC answers through its own error formatter (public mutations).
    const trpcOutcomes: Outcome[] = [];
    const callTrpc = async (procedure: string, input: unknown) => {
      const res = await fetch(`${app!.baseUrl}/api/trpc/${procedure}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: app!.baseUrl },
        body: JSON.stringify({ json: input }),
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      if (!res) return;
      const body = (await res.json().catch(() => ({}))) as { error?: { json?: { data?: { code?: string } } } };
      trpcOutcomes.push({
        at: Date.now(),
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        code: body.error?.json?.data?.code ?? null,
      });
    };
    let signUps = 0;
    const signUp = () => {
      const n = signUps++;
      return callTrpc("account.signUp", {
        email: `drill-${Date.now()}-${n}@example.test`,
        password: `Tr0ub4dor&3-${Date.now()}-horse-staple`,
      });
    };
    // "Forgot password?" reads the accounts table at once; a sign-up hashes the password first and may
    // reach the database only after it is back, so the outage's own tRPC calls are reset requests.
    let resets = 0;
    const resetRequest = () =>
      callTrpc("account.requestPasswordReset", { email: `nobody-${Date.now()}-${resets++}@example.test` });
    const trpc = async () => {
      while (!stop) {
        await signUp();
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    // Loads the route before the fault, so the lane's calls during the outage are not its first.
    await fetch(`${app.baseUrl}/api/trpc/account.signUp`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl },
      body: "{}",
    });
    const lanes = [...[0, 1, 2].map(traffic), trpc()];
    const health = (async () => {
      while (!stop) {
        const res = await fetch(`${app!.baseUrl}/api/health/ready`).catch(() => null);
        if (res?.status === 503) healthDown++;
        await new Promise((r) => setTimeout(r, 200));
      }
    })();

    await new Promise((r) => setTimeout(r, 1500));
    const postmaster = postmasterPid(app);
    const killedAt = Date.now();
    process.kill(postmaster, "SIGKILL");
    // tRPC calls sent while the outage is certain (the health check already says so), until one is
    // answered 503 (at most 15: the per-address limit on reset requests is 20 an hour).
    await until(
      "the health check to report the outage",
      async () => (await fetch(`${app!.baseUrl}/api/health/ready`)).status === 503,
      10_000,
      50,
    );
    const outageCalls = (async () => {
      for (let i = 0; i < 15 && !trpcOutcomes.some((o) => o.status === 503); i++) {
        await resetRequest();
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const seen = () => {
      const counts: Record<string, number> = {};
      for (const o of outcomes.filter((o) => o.at > killedAt))
        counts[`${o.status} ${o.code ?? ""}`.trim()] = (counts[`${o.status} ${o.code ?? ""}`.trim()] ?? 0) + 1;
      return `answers since the kill: ${JSON.stringify(counts)}; server exit code ${app!.server.exitCode}`;
    };
    // Back when requests succeed again after answering 503 at least once.
    const recoveredAt = await until(
      "service to come back",
      async () => {
        const after = outcomes.filter((o) => o.at > killedAt);
        const firstDown = after.findIndex((o) => o.status === 503);
        const firstUp = firstDown < 0 ? -1 : after.findIndex((o, i) => i > firstDown && o.status >= 200 && o.status < 300);
        return firstUp < 0 ? null : after[firstUp]!.at;
      },
      60_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message} (${seen()})`);
    });
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await Promise.all([...lanes, health, outageCalls]);

    const unavailable = outcomes.filter((o) => o.status === 503);
    const failures = outcomes.filter((o) => o.status >= 500 && o.status !== 503);
    const other = outcomes.filter((o) => o.status < 200 || (o.status >= 300 && o.status < 500) || o.status === -1);
    const trpcUnavailable = trpcOutcomes.filter((o) => o.status === 503);
    const trpcFailures = trpcOutcomes.filter((o) => o.status >= 500 && o.status !== 503);
    report(
      "postgres-kill (tRPC)",
      `${signUps} sign-ups and ${resets} reset requests, ${trpcUnavailable.length} answered 503, ${trpcFailures.length} answered 5xx other than 503`,
    );
    expect(trpcFailures, JSON.stringify(trpcOutcomes)).toEqual([]);
    expect(trpcUnavailable.length, JSON.stringify(trpcOutcomes)).toBeGreaterThan(0);
    for (const o of trpcUnavailable)
      expect({ code: o.code, retryAfter: o.retryAfter }).toEqual({
        code: "SERVICE_UNAVAILABLE",
        retryAfter: expect.stringMatching(/^\d+$/),
      });
    report(
      "postgres-kill",
      `${outcomes.length} requests, ${unavailable.length} answered 503, ${failures.length} answered 5xx other than 503, ` +
        `${other.length} other failures, /api/health 503 ${healthDown} times, recovered in ${((recoveredAt - killedAt) / 1000).toFixed(1)} s; ` +
        `${seen()}; busiest second ${busiestSecond(outcomes)} requests`,
    );
    expect(failures, seen()).toEqual([]);
    expect(other, seen()).toEqual([]);
    expect(unavailable.length, seen()).toBeGreaterThan(0);
    expect(healthDown).toBeGreaterThan(0);
    for (const o of unavailable)
      expect({ code: o.code, retryAfter: o.retryAfter }).toEqual({
        code: "service_unavailable",
        retryAfter: expect.stringMatching(/^\d+$/),
      });
    // No manual restart: the same server process served throughout.
    expect(app.server.exitCode).toBeNull();
    expect(app.server.pid).toBe(serverPid);

    // Nothing lost: every accepted generation completes, charged once; the long one rendered once.
    const stuck = await waitForNoneProcessing(app.databaseUrl, [account.id], 180_000);
    if (stuck > 0) {
      // What their jobs look like, so a failure says where the work stopped.
      const jobs = await db.$queryRaw`
        SELECT g.id, g.started_at, g.attempts, j.state, j.retry_count, j.started_on, j.heartbeat_on, j.created_on
        FROM generations g LEFT JOIN pgboss.job j ON j.data->>'generationId' = g.id
        WHERE g.account_id = ${account.id} AND g.status = 'processing'`;
      console.log("[drill] postgres-kill: still processing", JSON.stringify(jobs));
    }
    expect(stuck, "generations still processing").toBe(0);
    const gens = await db.generation.findMany({
      where: { accountId: account.id },
      select: { id: true, status: true, attempts: true },
    });
    for (const id of accepted) expect(gens.find((g) => g.id === id)?.status, id).toBe("completed");
    expect(gens.find((g) => g.id === long)?.attempts).toBe(1);
    expect(await checkMoneyInvariants(app.databaseUrl, [account.id])).toEqual(NO_VIOLATIONS);
    // The request logs written during the outage were kept and stored once it was back (the
    // database is this drill's alone; a 503 answered before authentication has no account).
    const stored503 = () => db!.requestLog.count({ where: { status: 503 } });
    await until("the outage's request logs to be stored", async () => (await stored503()) >= unavailable.length, 20_000).catch(
      () => {},
    );
    expect(await stored503(), "request logs of 503 answers stored").toBe(unavailable.length);
  });
});

// The supervisor never gives up: a crash loop of the embedded PostgreSQL is restarted every time
// (with backoff), the web process never exits, and the service ends up serving.
describe("10 SIGKILLs of the embedded PostgreSQL within 2 minutes", () => {
  let app: RunningApp | undefined;
  let db: Db | undefined;
  afterAll(() => cleanUp([app], [db]));

  it("restarts it every time, reports it on /api/health, and ends with the service up and a create accepted", async () => {
    const CRASHES = 10;
    app = await startApp({ env: drillEnv(), label: "pg-crash-loop" });
    db = createDb(app.databaseUrl, 2);
    const account = await drillAccount(db, app.baseUrl);
    await db.$disconnect();
    const serverPid = app.server.pid;
    const started = Date.now();
    const states = new Set<string>();
    for (let crash = 1; crash <= CRASHES; crash++) {
      const killed = postmasterPid(app);
      process.kill(killed, "SIGKILL");
      // The next crash as soon as the supervisor has a new server running (a crash loop, not an outage a minute).
      await until(
        `PostgreSQL to be started again after crash ${crash}`,
        async () => {
          const health = (await (await fetch(`${app!.baseUrl}/api/health`)).json()) as {
            embedded_postgres?: { state: string; restarts: number };
          };
          if (health.embedded_postgres) states.add(health.embedded_postgres.state);
          const pid = postmasterPid(app!);
          return health.embedded_postgres?.restarts === crash && pid !== killed;
        },
        60_000,
        100,
      );
    }
    const crashSeconds = (Date.now() - started) / 1000;
    await until("readiness", async () => (await fetch(`${app!.baseUrl}/api/health/ready`)).status === 200, 30_000);
    const id = await until(
      "a create to be accepted",
      () =>
        createPolled(account, { model: "gen-3.1-fast", prompt: "after ten crashes", duration: 1, size: "720p" }).catch(
          () => null,
        ),
      30_000,
    );
    const health = (await (await fetch(`${app.baseUrl}/api/health`)).json()) as { embedded_postgres: { restarts: number } };
    report(
      "postgres-crash-loop",
      `${CRASHES} crashes in ${crashSeconds.toFixed(1)} s; states seen ${[...states].join(", ")}; then ${id}`,
    );
    expect(crashSeconds).toBeLessThan(120);
    expect(id).toMatch(/^vid_/);
    expect(health.embedded_postgres.restarts).toBe(CRASHES);
    expect(app.server.exitCode).toBeNull();
    expect(app.server.pid).toBe(serverPid);
  }, 240_000);
});
