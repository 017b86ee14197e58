// Idempotency-Key claims against the database: a live claim answers "in progress" with a
// Retry-After, a claim whose lease has passed is taken over by a retry (and the old holder's create
// then refuses itself), a completed key replays, and a key completes in the create's own statement.
import { describe, expect, it } from "vitest";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const url = testDatabaseUrl;
const body = { model: "gen-3.1-fast", prompt: "idempotent", duration: 1, stream: false };
const PRICE = 600_000n; // gen-3.1-fast bills at least 4 s at $0.15/s

describe.skipIf(!url)("Idempotency-Key claims", () => {
  const db = useTestDb(6);
  const funded = useFundedAccounts(db, "idem");

  async function claim(accountId: string, key: string, token: string, fingerprint = "fp-1") {
    const { claimIdempotencyKey } = await import("../src/generations/index");
    return claimIdempotencyKey(db(), { accountId, key, fingerprint, token });
  }

  /** Claims a key that must be free. */
  async function hold(accountId: string, key: string, token: string, fingerprint = "fp-1") {
    const outcome = await claim(accountId, key, token, fingerprint);
    if (outcome.kind !== "new") throw new Error(`expected to claim ${key}, got a replay`);
    return outcome.claim;
  }

  /** The create as the API runs it with a key: the response stored with the generation. */
  async function create(
    account: { id: string; status: "active" | "suspended" },
    held: { accountId: string; key: string; token: string },
  ) {
    const { acceptGeneration } = await import("../src/generations/index");
    return acceptGeneration(db(), {
      account,
      apiKeyId: null,
      body,
      idempotency: { claim: held, response: (_b, record) => ({ status: 202, body: record, generationId: record.id }) },
    });
  }

  /** The request holding the key died long ago: its lease is over. */
  async function expireLease(accountId: string, key: string) {
    await db()
      .$executeRaw`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE account_id = ${accountId} AND key = ${key}`;
  }

  function refusal(err: unknown) {
    const e = err as { code?: string; status?: number; headers?: Record<string, string> };
    return { code: e.code, status: e.status, retryAfter: e.headers?.["Retry-After"] };
  }

  it("a live claim answers 409 in progress with Retry-After: 1 (a create takes well under a second), not the lease", async () => {
    const account = await funded(0n);
    await hold(account.id, "live", "req_a");
    const second = await claim(account.id, "live", "req_b").catch(refusal);
    expect(second).toMatchObject({ code: "idempotency_request_in_progress", status: 409, retryAfter: "1" });
    // A different request with the key is refused as a reuse, live claim or not.
    expect(await claim(account.id, "live", "req_c", "fp-other").catch(refusal)).toMatchObject({ code: "idempotency_key_reused" });
  });

  it("a claim whose request died is taken over after its lease; the old holder's create then refuses itself", async () => {
    const account = await funded(5_000_000n);
    const dead = await hold(account.id, "crashed", "req_dead");
    await expireLease(account.id, "crashed");

    const retry = await hold(account.id, "crashed", "req_retry");
    // The old holder was only slow, not dead: its create must not make a second generation.
    expect(await create(account, dead).catch(refusal)).toMatchObject({ code: "idempotency_request_in_progress", status: 409 });
    expect(await db().generation.count({ where: { accountId: account.id } })).toBe(0);

    const { generation, record } = await create(account, retry);
    const row = await db().idempotencyKey.findUniqueOrThrow({
      where: { accountId_key: { accountId: account.id, key: "crashed" } },
    });
    expect(row).toMatchObject({ responseStatus: 202, generationId: generation.id, lockedBy: null, lockedUntil: null });
    expect((row.responseBody as { id: string }).id).toBe(record.id);

    // Once the statement that created the generation committed, every retry replays it.
    const replay = await claim(account.id, "crashed", "req_later");
    expect(replay).toMatchObject({
      kind: "replay",
      status: 202,
      generationId: generation.id,
      body: { id: generation.id, status: "processing" },
    });
    expect(await db().generation.count({ where: { accountId: account.id } })).toBe(1);
    const acct = await db().account.findUniqueOrThrow({ where: { id: account.id } });
    expect(acct.balanceMicros).toBe(5_000_000n - PRICE);
    expect(await db().ledgerEntry.count({ where: { accountId: account.id, type: "hold" } })).toBe(1);
  });

  it("a completed key is never taken over, even past the lease", async () => {
    const account = await funded(5_000_000n);
    const { generation } = await create(account, await hold(account.id, "done", "req_1"));
    await expireLease(account.id, "done");
    expect(await claim(account.id, "done", "req_2")).toMatchObject({ kind: "replay", generationId: generation.id });
    expect(await db().generation.count({ where: { accountId: account.id } })).toBe(1);
  });

  it("a refused create completes nothing; the release frees the key only for its own holder", async () => {
    const account = await funded(100_000n);
    const first = await hold(account.id, "poor", "req_1");
    expect(await create(account, first).catch(refusal)).toMatchObject({ code: "insufficient_balance", status: 402 });
    const row = await db().idempotencyKey.findUniqueOrThrow({ where: { accountId_key: { accountId: account.id, key: "poor" } } });
    expect(row).toMatchObject({ responseStatus: null, generationId: null, lockedBy: "req_1" });

    // A holder whose claim was taken over cannot free the new holder's claim.
    const { releaseIdempotencyKey } = await import("../src/generations/index");
    await expireLease(account.id, "poor");
    const second = await hold(account.id, "poor", "req_2");
    await releaseIdempotencyKey(db(), first);
    expect(await db().idempotencyKey.count({ where: { accountId: account.id, key: "poor", lockedBy: "req_2" } })).toBe(1);
    await releaseIdempotencyKey(db(), second);
    expect(await db().idempotencyKey.count({ where: { accountId: account.id, key: "poor" } })).toBe(0);
    expect((await claim(account.id, "poor", "req_3")).kind).toBe("new");
    expect(await db().generation.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("a key older than the window starts over, even with another request", async () => {
    const account = await funded(5_000_000n);
    await create(account, await hold(account.id, "old", "req_1"));
    await db()
      .$executeRaw`UPDATE idempotency_keys SET created_at = created_at - interval '25 hours' WHERE account_id = ${account.id} AND key = 'old'`;
    expect((await claim(account.id, "old", "req_2", "fp-other")).kind).toBe("new");
  });

  it("concurrent claims of one key: exactly one holds it", async () => {
    const account = await funded(0n);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => claim(account.id, "race", `req_${i}`)));
    expect(outcomes.filter((o) => o.status === "fulfilled" && o.value.kind === "new")).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect(refusal(o.reason).code).toBe("idempotency_request_in_progress");
  });
});
