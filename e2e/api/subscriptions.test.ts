import { describe, expect, it } from "vitest";
import { setSpendCap, setSubscriptionStatus, subscribeToModel } from "@vgen/engine/accounts";
import { balanceOf, db, ledgerSum, newAccount } from "../support/fixtures";

type Account = Awaited<ReturnType<typeof newAccount>>;

// gen-3.1-fast 1 s bills the 4 s minimum x $0.150 = $0.600.
const FAST = { model: "gen-3.1-fast", prompt: "subscription test", duration: 1 };
const create = (acct: Account, extra: Record<string, unknown> = {}) =>
  acct.call("/api/v1/videos/generations", { method: "POST", json: { stream: false, ...FAST, ...extra } });

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.error.code).toBe(code);
  expect(body.error.param).toBe("model");
  expect(body.error.doc_url).toMatch(new RegExp(`/errors#${code}$`));
  expect(res.headers.get("x-request-id")).toBe(body.error.request_id);
}

describe("pause and resume", () => {
  it("a paused subscription refuses with 403 subscription_paused and holds nothing; resumed, it accepts", async () => {
    const acct = await newAccount({ balance: "5.00" });
    await subscribeToModel(db(), acct.id, "gen-3.1-fast");
    await setSubscriptionStatus(db(), acct.id, "gen-3.1-fast", "paused");

    await expectError(await create(acct), 403, "subscription_paused");
    expect(await balanceOf(acct.id)).toBe(5_000_000n);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(0);
    expect(await db().ledgerEntry.count({ where: { accountId: acct.id, type: "hold" } })).toBe(0);

    // Other models are not affected.
    const other = await create(acct, { model: "gen-3-1080", duration: 3 });
    expect(other.status).toBe(202);

    await setSubscriptionStatus(db(), acct.id, "gen-3.1-fast", "active");
    const res = await create(acct);
    expect(res.status).toBe(202);
    expect((await res.json()).cost).toBe("$0.600");
    expect(await balanceOf(acct.id)).toBe(5_000_000n - 960_000n - 600_000n);
    expect(await ledgerSum(acct.id)).toBe(await balanceOf(acct.id));
  });

  it("the subscription created at first use can be paused too", async () => {
    const acct = await newAccount({ balance: "5.00" });
    expect((await create(acct)).status).toBe(202);
    const sub = await db().subscription.findUniqueOrThrow({
      where: { accountId_modelId: { accountId: acct.id, modelId: "gen-3.1-fast" } },
    });
    expect(sub.status).toBe("active");
    await setSubscriptionStatus(db(), acct.id, "gen-3.1-fast", "paused");
    await expectError(await create(acct), 403, "subscription_paused");
  });
});

describe("monthly spend cap", () => {
  it("cap $1.00: the first $0.600 generation is accepted, the second is 403 spend_limit_reached", async () => {
    const acct = await newAccount({ balance: "10.00" });
    await subscribeToModel(db(), acct.id, "gen-3.1-fast");
    await setSpendCap(db(), acct.id, "gen-3.1-fast", 1_000_000n);

    expect((await create(acct)).status).toBe(202);
    await expectError(await create(acct), 403, "spend_limit_reached");
    expect(await balanceOf(acct.id)).toBe(9_400_000n);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(1);

    // Clearing the cap lets requests through again.
    await setSpendCap(db(), acct.id, "gen-3.1-fast", null);
    expect((await create(acct)).status).toBe(202);
    expect(await ledgerSum(acct.id)).toBe(await balanceOf(acct.id));
  });

  it("concurrent requests cannot pass the cap: $2.00 admits exactly three $0.600 generations", async () => {
    const acct = await newAccount({ balance: "20.00" });
    await subscribeToModel(db(), acct.id, "gen-3.1-fast");
    await setSpendCap(db(), acct.id, "gen-3.1-fast", 2_000_000n);

    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => create(acct, { prompt: `cap race ${i}` })));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
    expect(bodies.filter((b) => b.error).every((b) => b.error.code === "spend_limit_reached")).toBe(true);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(3);
    expect(await balanceOf(acct.id)).toBe(20_000_000n - 3n * 600_000n);
    expect(await ledgerSum(acct.id)).toBe(await balanceOf(acct.id));
  });
});
