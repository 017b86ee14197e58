// The TypeScript SDK (its built output) against the app through a fault-injecting proxy: a stalled
// stream, a stream cut mid-way, a gateway's 502 and a create whose answer is lost on every attempt.
// Each ends with the generation completed and charged exactly once.
import { ConnectionError, type Generation, Vgen } from "@vgen/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type Fault, type FaultPlan, faultProxy } from "../support/fault-proxy";
import { BASE_URL, db, newAccount, type TestAccount } from "../support/fixtures";

const CREATE = "/api/v1/videos/generations";
const params = { model: "gen-3.1-fast", prompt: "A paper boat in a storm drain", duration: 1 };
const pass: Fault = { kind: "pass" };

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function throughProxy(acct: TestAccount, plan: FaultPlan, options: ConstructorParameters<typeof Vgen>[0] = {}) {
  const proxy = await faultProxy(BASE_URL, plan);
  close = proxy.close;
  const client = new Vgen({ apiKey: acct.key, baseUrl: proxy.baseUrl, initialRetryDelayMs: 200, ...options });
  return { proxy, client };
}

/** The account made exactly this one generation, and it was charged exactly once. */
async function expectChargedOnce(acct: TestAccount, record: Generation) {
  const generations = await db().generation.findMany({ where: { accountId: acct.id }, select: { id: true } });
  expect(generations.map((g) => g.id)).toEqual([record.id]);
  const charges = await db().ledgerEntry.findMany({ where: { accountId: acct.id, type: "charge" } });
  expect(charges).toHaveLength(1);
  expect(charges[0]!.generationId).toBe(record.id);
}

describe("SDK through a faulty network", () => {
  it("a stream that stalls after its first event (socket open, no bytes) is resumed through /events and completes", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const { proxy, client } = await throughProxy(
      acct,
      ({ method, path }) => (method === "POST" && path === CREATE ? { kind: "stall-after-events", events: 1 } : pass),
      { streamIdleTimeoutMs: 1500 },
    );
    const done = await client.generations.createAndWait(params, { waitTimeoutMs: 90_000 });
    expect(done.status).toBe("completed");
    const reattach = proxy.requests.find((r) => r.method === "GET" && r.path === `${CREATE}/${done.id}/events`);
    expect(reattach?.headers["last-event-id"]).toBeTruthy();
    await expectChargedOnce(acct, done);
  }, 120_000);

  it("a stream cut mid-way resumes with Last-Event-ID and completes", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const { proxy, client } = await throughProxy(acct, ({ method, path, nth }) =>
      method === "POST" && path === CREATE && nth === 0 ? { kind: "cut-after-events", events: 1 } : pass,
    );
    const progress: number[] = [];
    const done = await client.generations.createAndWait(params, { onProgress: (r) => progress.push(r.progress) });
    expect(done.status).toBe("completed");
    expect(progress.length).toBeGreaterThan(0);
    expect(proxy.requests.filter((r) => r.method === "POST" && r.path === CREATE)).toHaveLength(1);
    expect(proxy.requests.some((r) => r.method === "GET" && r.headers["last-event-id"])).toBe(true);
    await expectChargedOnce(acct, done);
  }, 120_000);

  it("a 502 from the gateway is retried with the same Idempotency-Key and succeeds", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const { proxy, client } = await throughProxy(acct, ({ method, nth }) =>
      method === "POST" && nth === 0 ? { kind: "bad-gateway" } : pass,
    );
    const created = await client.generations.create(params);
    const posts = proxy.requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.fault)).toEqual(["bad-gateway", "pass"]);
    expect(posts[1]!.headers["idempotency-key"]).toBe(posts[0]!.headers["idempotency-key"]);
    const done = await client.generations.wait(created.id, { waitTimeoutMs: 90_000 });
    expect(done.status).toBe("completed");
    await expectChargedOnce(acct, done);
  }, 120_000);

  it("a create whose answer is lost 3 times throws with its key; a retry with that key returns the same generation, charged once", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const { proxy, client } = await throughProxy(acct, ({ method }) => (method === "POST" ? { kind: "lose-answer" } : pass), {
      maxRetries: 2,
    });
    const err = await client.generations.create(params).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    const posts = proxy.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(3);
    expect(err.idempotencyKey).toBe(posts[0]!.headers["idempotency-key"]);
    expect(posts.every((r) => r.headers["idempotency-key"] === err.idempotencyKey)).toBe(true);

    const direct = new Vgen({ apiKey: acct.key, baseUrl: BASE_URL });
    const again = await direct.generations.create(params, { idempotencyKey: err.idempotencyKey });
    const done = await direct.generations.wait(again.id, { waitTimeoutMs: 90_000 });
    expect(done.status).toBe("completed");
    await expectChargedOnce(acct, done);
  }, 120_000);
});
