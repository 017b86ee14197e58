// Binding quotes (docs/api.md#binding-quotes): POST /api/v1/videos/quote answers the cost of a
// create body; a create carrying its id is charged at most that, even after staff raise the price;
// a quote serves one generation, of its own account, within 10 minutes, for the same request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@vgen/db";
import { createAccount } from "@vgen/engine/accounts";
import { updateCatalogModel } from "@vgen/engine/support";
import { balanceOf, db, ledgerSum, newAccount, uniqueEmail, waitForTerminal, type TestAccount } from "../support/fixtures";
import { createOwnModel, retireOwnModel } from "../support/own-model";

/** A model of this file's own ($0.200 per second, local renderer), so price edits touch no other suite. */
let model: string;
let adminId: string;

beforeAll(async () => {
  model = await createOwnModel("quote", "binding quote API test", { priceMicrosPerSecond: 200_000n });
  adminId = (await createAccount(db(), { email: uniqueEmail("quote-admin"), role: "admin" })).id;
});

afterAll(() => retireOwnModel(model));

const quote = (acct: TestAccount, json: Record<string, unknown>, headers?: Record<string, string>) =>
  acct.call("/api/v1/videos/quote", { method: "POST", json, headers });
const create = (acct: TestAccount, json: Record<string, unknown>, headers?: Record<string, string>) =>
  acct.call("/api/v1/videos/generations", { method: "POST", json: { stream: false, ...json }, headers });

async function setPrice(micros: bigint) {
  await updateCatalogModel(db(), { modelId: model, actorId: adminId, patch: { priceMicrosPerSecond: micros } });
  // The app drops its cached catalog on the change notice: wait until a fresh quote shows the price.
  const probe = await newAccount({ balance: "1.00" });
  const expected = `$${(Number(micros) / 1e6).toFixed(3)} / сек`;
  for (let i = 0; i < 100; i++) {
    const res = await quote(probe, { model, prompt: "price probe", duration: 1 });
    if ((await res.json()).price === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the app never showed the price ${expected}`);
}

async function expectLedgerConsistent(accountId: string) {
  expect(await ledgerSum(accountId)).toBe(await balanceOf(accountId));
}

describe("POST /api/v1/videos/quote", () => {
  it("answers cost, billed seconds, ETA and a 10-minute expiry, and holds nothing", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const before = Date.now();
    const res = await quote(acct, { model, prompt: "a lighthouse at night", duration: 3 });
    expect(res.status).toBe(200);
    const q = await res.json();
    expect(q).toMatchObject({ model, price: "$0.200 / сек", billed_seconds: 3, cost: "$0.600", livemode: true });
    expect(q.quote_id).toMatch(/^quo_[1-9A-HJ-NP-Za-km-z]+$/);
    expect(q.eta_seconds).toBeGreaterThanOrEqual(1);
    const expires = Date.parse(q.expires_at);
    expect(expires - before).toBeGreaterThan(595_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(600_000);
    expect(await balanceOf(acct.id)).toBe(5_000_000n);
    expect(await db().quote.count({ where: { accountId: acct.id } })).toBe(1);
  });

  it("validates the body as a create does, and refuses quoteId in it", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const bad = await quote(acct, { model, prompt: "x", duration: 99 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: "invalid_parameter", param: "duration" });
    const nested = await quote(acct, { model, prompt: "x", quoteId: "quo_4kT9mZ2xQ7rB1nC8vD3eF5" });
    expect(nested.status).toBe(400);
    expect((await nested.json()).error).toMatchObject({ code: "unknown_parameter", param: "quoteId" });
  });

  it("replays the same quote for a repeated Idempotency-Key", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const headers = { "idempotency-key": `quote-${newId("req")}` };
    const first = await (await quote(acct, { model, prompt: "idempotent quote" }, headers)).json();
    const again = await quote(acct, { model, prompt: "idempotent quote" }, headers);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).quote_id).toBe(first.quote_id);
    expect(await db().quote.count({ where: { accountId: acct.id } })).toBe(1);
  });
});

describe("create with quoteId", () => {
  it("after a price increase, is held and charged the quoted amount; the ledger stays consistent", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const body = { model, prompt: "a paper boat in the rain", duration: 2 };
    const q = await (await quote(acct, body)).json();
    expect(q.cost).toBe("$0.400");
    try {
      await setPrice(500_000n);
      const res = await create(acct, { ...body, quoteId: q.quote_id });
      expect(res.status).toBe(202);
      const rec = await res.json();
      expect(rec).toMatchObject({ quote_id: q.quote_id, cost: "$0.400", billed_seconds: 2, price: "$0.200 / сек" });
      expect(await balanceOf(acct.id)).toBe(4_600_000n);
      // Just accepted, it waits: its place in its model's queue comes with its ETA.
      expect(rec.queue_position).toBeGreaterThanOrEqual(1);
      const done = await waitForTerminal(acct, rec.id);
      expect(done.queue_position).toBeNull();
      expect(done).toMatchObject({ status: "completed", cost: "$0.400", quote_id: q.quote_id });
      const charge = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: acct.id, type: "charge" } });
      expect(charge.amountMicros).toBe(-400_000n);
      expect(await balanceOf(acct.id)).toBe(4_600_000n);
      await expectLedgerConsistent(acct.id);
      // Without the quote the same request costs today's price.
      const plain = await (await create(acct, body)).json();
      expect(plain).toMatchObject({ cost: "$1.000", quote_id: null });
    } finally {
      await setPrice(200_000n);
    }
  });

  it("after a price cut, is charged the lower current price", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const body = { model, prompt: "cheaper now", duration: 2 };
    const q = await (await quote(acct, body)).json();
    try {
      await setPrice(100_000n);
      const rec = await (await create(acct, { ...body, quoteId: q.quote_id })).json();
      expect(rec).toMatchObject({ quote_id: q.quote_id, cost: "$0.200", price: "$0.100 / сек" });
      expect(await balanceOf(acct.id)).toBe(4_800_000n);
      await waitForTerminal(acct, rec.id);
      await expectLedgerConsistent(acct.id);
    } finally {
      await setPrice(200_000n);
    }
  });

  it("a quote serves one generation: of 8 concurrent creates with it, one is accepted", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const body = { model, prompt: "one quote, many tries", duration: 1 };
    const q = await (await quote(acct, body)).json();
    const responses = await Promise.all(Array.from({ length: 8 }, () => create(acct, { ...body, quoteId: q.quote_id })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const r of responses.filter((x) => x.status === 409))
      expect((await r.json()).error).toMatchObject({ code: "quote_already_used", param: "quoteId" });
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(1);
    expect(await db().ledgerEntry.count({ where: { accountId: acct.id, type: "hold" } })).toBe(1);
    expect(await balanceOf(acct.id)).toBe(4_800_000n);
    const used = await db().quote.findUniqueOrThrow({ where: { id: q.quote_id } });
    expect(used.usedAt).not.toBeNull();
    expect(used.generationId).toBe((await db().generation.findFirstOrThrow({ where: { accountId: acct.id } })).id);
    // Later, too.
    const late = await create(acct, { ...body, quoteId: q.quote_id });
    expect(late.status).toBe(409);
    await expectLedgerConsistent(acct.id);
  });

  it("a retry with the same Idempotency-Key replays the generation instead of refusing the spent quote", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const body = { model, prompt: "retry me", duration: 1 };
    const q = await (await quote(acct, body)).json();
    const headers = { "idempotency-key": `create-${newId("req")}` };
    const first = await create(acct, { ...body, quoteId: q.quote_id }, headers);
    expect(first.status).toBe(202);
    const again = await create(acct, { ...body, quoteId: q.quote_id }, headers);
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).id).toBe((await first.json()).id);
  });

  it("another account's quote is not found; nothing is held", async () => {
    const owner = await newAccount({ balance: "5.00" });
    const other = await newAccount({ balance: "5.00" });
    const body = { model, prompt: "not yours", duration: 1 };
    const q = await (await quote(owner, body)).json();
    const res = await create(other, { ...body, quoteId: q.quote_id });
    expect(res.status).toBe(404);
    const err = (await res.json()).error;
    expect(err).toMatchObject({ code: "quote_not_found", param: "quoteId" });
    expect(err.doc_url).toMatch(/\/errors#quote_not_found$/);
    expect(await balanceOf(other.id)).toBe(5_000_000n);
    expect(await db().generation.count({ where: { accountId: other.id } })).toBe(0);
    // Still usable by its owner.
    expect((await create(owner, { ...body, quoteId: q.quote_id })).status).toBe(202);
  });

  it("an expired quote is refused with quote_expired", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const body = { model, prompt: "too late", duration: 1 };
    const q = await (await quote(acct, body)).json();
    await db().quote.update({ where: { id: q.quote_id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await create(acct, { ...body, quoteId: q.quote_id });
    expect(res.status).toBe(410);
    expect((await res.json()).error).toMatchObject({ code: "quote_expired", param: "quoteId" });
    expect(await balanceOf(acct.id)).toBe(5_000_000n);
  });

  it("a different request is refused with quote_mismatch; defaults and `stream` do not make a difference", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const q = await (await quote(acct, { model, prompt: "the quoted prompt" })).json();
    expect(q.billed_seconds).toBe(2);
    for (const changed of [{ prompt: "another prompt" }, { duration: 3 }, { aspectRatio: "9:16" }, { retention_days: 3 }]) {
      const res = await create(acct, { model, prompt: "the quoted prompt", ...changed, quoteId: q.quote_id });
      expect(res.status, JSON.stringify(changed)).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: "quote_mismatch", param: "quoteId" });
    }
    expect(await balanceOf(acct.id)).toBe(5_000_000n);
    // The model's default duration (2) and size spelled out, the prompt padded (trimmed), streamed: the same request.
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      headers: { accept: "text/event-stream" },
      json: { model, prompt: "  the quoted prompt ", duration: 2, size: "720p", aspectRatio: "16:9", quoteId: q.quote_id },
    });
    expect(res.status).toBe(200);
    await res.body?.cancel();
    expect(await db().generation.count({ where: { accountId: acct.id, quoteId: q.quote_id } })).toBe(1);
  });
});
