import { describe, expect, it } from "vitest";
import { balanceOf, db, newAccount } from "../support/fixtures";

const body = { model: "gen-3.1-fast", prompt: "idempotent clip", duration: 1, stream: false };

describe("Idempotency-Key", () => {
  it("a retry with the same key and body returns the original response and never charges twice", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const key = `retry-${Date.now()}`;
    const first = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: body,
      headers: { "idempotency-key": key },
    });
    expect(first.status).toBe(202);
    const original = await first.json();
    const replay = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: body,
      headers: { "idempotency-key": key },
    });
    expect(replay.status).toBe(202);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await replay.json()).id).toBe(original.id);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(1);
    expect(await balanceOf(acct.id)).toBe(4_400_000n);
  });

  it("the same key with a different body is 409 idempotency_key_reused", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const key = `conflict-${Date.now()}`;
    expect(
      (await acct.call("/api/v1/videos/generations", { method: "POST", json: body, headers: { "idempotency-key": key } })).status,
    ).toBe(202);
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { ...body, prompt: "something else" },
      headers: { "idempotency-key": key },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe("idempotency_key_reused");
  });

  it("concurrent duplicates create one generation; the others replay it or are told it is in progress", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const key = `race-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        acct.call("/api/v1/videos/generations", { method: "POST", json: body, headers: { "idempotency-key": key } }),
      ),
    );
    const payloads = await Promise.all(responses.map((r) => r.json()));
    const ids = new Set(payloads.filter((p) => p.id).map((p) => p.id));
    expect(ids.size).toBe(1);
    for (const [i, res] of responses.entries()) {
      if (res.status !== 202) {
        expect(res.status).toBe(409);
        expect(payloads[i].error.code).toBe("idempotency_request_in_progress");
      }
    }
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(1);
    expect(await balanceOf(acct.id)).toBe(4_400_000n);
  });

  it("a key whose request died answers in progress until its lease passes; then the retry runs once", async () => {
    const { requestFingerprint } = await import("@vgen/engine/generations");
    const acct = await newAccount({ balance: "5.00" });
    const key = `dead-${Date.now()}`;
    // What a request killed between claiming the key and creating leaves behind.
    const fingerprint = requestFingerprint("POST", "/api/v1/videos/generations", JSON.stringify(body));
    await db().$executeRaw`
      INSERT INTO idempotency_keys (account_id, key, request_hash, created_at, locked_by, locked_until)
      VALUES (${acct.id}, ${key}, ${fingerprint}, now(), 'req_dead', now() + interval '30 seconds')`;
    const call = () =>
      acct.call("/api/v1/videos/generations", { method: "POST", json: body, headers: { "idempotency-key": key } });

    const held = await call();
    expect(held.status).toBe(409);
    expect((await held.json()).error.code).toBe("idempotency_request_in_progress");
    const retryAfter = Number(held.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);

    await db()
      .$executeRaw`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE account_id = ${acct.id} AND key = ${key}`;
    const taken = await call();
    expect(taken.status).toBe(202);
    const created = await taken.json();
    const replay = await call();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await replay.json()).id).toBe(created.id);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(1);
    expect(await balanceOf(acct.id)).toBe(4_400_000n);
  });

  it("keys are per account, failed requests free the key, and over-long keys are refused", async () => {
    const a = await newAccount({ balance: "5.00" });
    const b = await newAccount({ balance: "5.00" });
    const key = `shared-${Date.now()}`;
    const ra = await a.call("/api/v1/videos/generations", { method: "POST", json: body, headers: { "idempotency-key": key } });
    const rb = await b.call("/api/v1/videos/generations", { method: "POST", json: body, headers: { "idempotency-key": key } });
    expect((await ra.json()).id).not.toBe((await rb.json()).id);

    const poor = await newAccount();
    const refused = await poor.call("/api/v1/videos/generations", {
      method: "POST",
      json: body,
      headers: { "idempotency-key": key },
    });
    expect(refused.status).toBe(402);
    await db().ledgerEntry.create({
      data: {
        id: `led_test${Date.now()}`,
        accountId: poor.id,
        type: "top_up",
        amountMicros: 0n,
        balanceAfterMicros: 0n,
        reference: "noop",
      },
    });
    const { creditAccount } = await import("@vgen/engine/billing");
    await creditAccount(db(), { accountId: poor.id, amountMicros: 1_000_000n, type: "top_up", reason: "test", actor: "test" });
    const retried = await poor.call("/api/v1/videos/generations", {
      method: "POST",
      json: body,
      headers: { "idempotency-key": key },
    });
    expect(retried.status).toBe(202);

    const long = await a.call("/api/v1/videos/generations", {
      method: "POST",
      json: body,
      headers: { "idempotency-key": "k".repeat(256) },
    });
    expect(long.status).toBe(400);
    expect((await long.json()).error).toMatchObject({ code: "invalid_parameter", param: "Idempotency-Key" });
  });
});
