// Drill: one tenant's hanging webhook receiver delays no one else (docs/api.md#delivery-fairness).
// Account A has an endpoint that accepts connections and never answers; it creates 6 generations
// whose webHook hangs too (canceled at once, so their callbacks need no render) and sends 12
// dashboard test events to the endpoint. Account B's 3 generations, with a
// healthy receiver, must each have their callback arrive within 2 s of completing, and A may never
// hold more attempts in flight than its account limit.
import { createServer, type Server } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@vgen/db";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { createEndpoint } from "@vgen/engine/delivery";
import { startApp, type RunningApp } from "../support/app-process";
import { cleanUp, createDb, createPolled, drillAccount, drillEnv, report, until } from "../support/drill";
import { NO_VIOLATIONS, checkMoneyInvariants } from "../support/invariants";
import { signIn, trpc, trpcError } from "../support/sessions";

const PASSWORD = "fairness horse battery staple 7";
const ACCOUNT_LIMIT = 2;
const MAX_CALLBACK_DELAY_MS = 2_000;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
    }),
  );
}

describe("a hanging receiver of one account", () => {
  let app: RunningApp | undefined;
  let db: Db | undefined;
  // Accepts every connection and request, answers none.
  const hanging = createServer(() => {});
  const arrivals = new Map<string, number>();
  const healthy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { data?: { id?: string } };
      if (body.data?.id && !arrivals.has(body.data.id)) arrivals.set(body.data.id, Date.now());
      res.writeHead(204).end();
    });
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise((r) => hanging.close(r));
    await new Promise((r) => healthy.close(r));
    await cleanUp([app], [db]);
  });

  it("delays no other account's callbacks", async () => {
    const started = Date.now();
    const stages: string[] = [];
    const stage = (name: string) => stages.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const hangingBase = await listen(hanging);
    const healthyBase = await listen(healthy);
    app = await startApp({
      env: drillEnv({
        ALLOW_PRIVATE_NETWORK_FETCH: "1",
        // A's failures come back for more quickly, to keep the pressure on.
        WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s,1s,1s",
        WEBHOOK_ACCOUNT_CONCURRENCY: String(ACCOUNT_LIMIT),
      }),
      label: "webhook-fairness",
    });
    db = createDb(app.databaseUrl, 3);
    stage("app up");

    // Account A: a dashboard user with an endpoint on the hanging receiver, and an API key.
    const a = await createAccount(db, { email: `fair-a-${Date.now()}@example.test`, password: PASSWORD });
    const { key: keyA } = await issueApiKey(db, a.id, "a");
    const { creditAccount } = await import("@vgen/engine/billing");
    await creditAccount(db, { accountId: a.id, amountMicros: 100_000_000n, type: "top_up", reason: "drill", actor: "test" });
    const { endpoint } = await createEndpoint(db, a.id, { url: `${hangingBase}/endpoint`, description: "hangs", events: [] });
    const cookie = await signIn(app.baseUrl, a.email, PASSWORD);
    const accountA = { id: a.id, key: keyA };
    stage("A signed in");

    // A's in-flight attempts, sampled through the drill.
    let maxInFlightA = 0;
    let hangingSince = Number.POSITIVE_INFINITY;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const n = await db!.webhookLease.count({ where: { accountId: a.id, expiresAt: { gt: new Date() } } }).catch(() => 0);
        maxInFlightA = Math.max(maxInFlightA, n);
        if (n > 0) hangingSince = Math.min(hangingSince, Date.now());
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    // 6 generations whose own webHook hangs, canceled at once: their `generation.canceled`
    // callbacks hang like any other, without waiting for renders.
    const callA = (path: string, body: unknown) =>
      fetch(`${app!.baseUrl}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${accountA.key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const hangingGens: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await callA("/api/v1/videos/generations", {
        model: "gen-3.1-fast",
        prompt: `hang ${i}`,
        duration: 1,
        size: "720p",
        stream: false,
        webHook: `${hangingBase}/request`,
      });
      expect(res.status).toBe(202);
      const { id } = (await res.json()) as { id: string };
      expect((await callA("/api/v1/videos/cancel", { id })).status).toBe(200);
      hangingGens.push(id);
    }
    // Account B: 3 generations with a healthy receiver, rendering while A's callbacks hang.
    const b = await drillAccount(db, app.baseUrl, { tag: "fair-b" });
    const healthyGens: string[] = [];
    for (let i = 0; i < 3; i++) {
      healthyGens.push(
        await createPolled(b, {
          model: "gen-3.1-fast",
          prompt: `healthy ${i}`,
          duration: 1,
          size: "720p",
          webHook: `${healthyBase}/b`,
        }),
      );
    }
    await until(
      "a worker to hang on A's callbacks",
      async () => (await db!.webhookLease.count({ where: { accountId: a.id, lane: { startsWith: "req:" } } })) >= 1,
      30_000,
      100,
    );
    // 12 test events at once: each dashboard request answers when its attempt ends or is queued.
    const results = (
      await Promise.all(
        Array.from({ length: 12 }, () => trpc(app!.baseUrl, "webhooks.sendTestEvent", "mutation", cookie, { id: endpoint.id })),
      )
    ).map(
      (r) => (r.json as { result?: { data?: { json?: { result?: string } } } })?.result?.data?.json?.result ?? trpcError(r)?.code,
    );

    stage("A's callbacks hanging");
    await until("B's callbacks to arrive", async () => healthyGens.every((id) => arrivals.has(id)), 60_000, 50);
    stage("B's callbacks in");
    const completed = await db.generation.findMany({
      where: { id: { in: healthyGens } },
      select: { id: true, completedAt: true },
    });
    const delays = completed.map((g) => arrivals.get(g.id)! - g.completedAt!.getTime());
    // Of each delay, the part before the attempt started (the queue) and the request itself.
    const attemptsB = await db.webhookAttempt.findMany({
      where: { delivery: { generationId: { in: healthyGens } } },
      select: { createdAt: true, durationMs: true, delivery: { select: { createdAt: true } } },
    });
    const queued = attemptsB.map((x) => x.createdAt.getTime() - x.durationMs - x.delivery.createdAt.getTime());

    sampling = false;
    await sampler;
    const attemptsA = await db.webhookAttempt.count({ where: { delivery: { accountId: a.id } } });
    report(
      "webhook-fairness",
      `B's callbacks ${delays.map((d) => `${d} ms`).join(", ")} after completion (queued ${queued.map((q) => `${q} ms`).join(", ")}); A: test events ${JSON.stringify(
        Object.fromEntries(results.map((r) => [r, results.filter((x) => x === r).length])),
      )}, ${attemptsA} attempts, at most ${maxInFlightA} in flight; ${stages.join(", ")}`,
    );

    expect(delays).toHaveLength(3);
    // Each of B's callbacks was due while A's hung (so it had to get past them).
    for (const g of completed) expect(g.completedAt!.getTime()).toBeGreaterThan(hangingSince);
    for (const d of delays) expect(d).toBeLessThanOrEqual(MAX_CALLBACK_DELAY_MS);
    expect(maxInFlightA).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    // A's callbacks were real and are still being tried, not dropped to make room.
    expect(await db.webhookDelivery.count({ where: { generationId: { in: hangingGens }, status: "pending" } })).toBe(6);
    // Test events count against the same limits: most were queued, not sent at once.
    expect(results.filter((r) => r === "deferred").length).toBeGreaterThanOrEqual(12 - ACCOUNT_LIMIT);
    expect(await checkMoneyInvariants(app.databaseUrl, [a.id, b.id])).toEqual(NO_VIOLATIONS);
  });
});
