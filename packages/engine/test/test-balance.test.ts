// Test balance requests: one pending at a time; a grant credits `test_credit` once; decisions audited.
import { describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const url = testDatabaseUrl;
const USE_CASE = "Evaluating 720p clips for a product demo pipeline.";

describe.skipIf(!url)("test balance requests", () => {
  const db = useTestDb(8);

  it("refuses a short use case and a second pending request, even submitted at once", async () => {
    const { createAccount, requestTestBalance, TestBalanceError } = await import("../src/accounts/index");
    const acct = await createAccount(db(), { email: `tb-${Date.now()}@example.test` });
    await expect(requestTestBalance(db(), acct.id, "too short")).rejects.toBeInstanceOf(TestBalanceError);
    await expect(requestTestBalance(db(), acct.id, "too short")).rejects.toMatchObject({
      code: "invalid_parameter",
      param: "useCase",
    });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => requestTestBalance(db(), acct.id, USE_CASE)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "state_conflict", status: 409 });
    expect(await db().testBalanceRequest.count({ where: { accountId: acct.id, status: "pending" } })).toBe(1);
  });

  it("grants once (test_credit, reference = request id, audited); a second decision is refused", async () => {
    const { createAccount, requestTestBalance, grantTestBalance, declineTestBalance } = await import("../src/accounts/index");
    const acct = await createAccount(db(), { email: `tb-grant-${Date.now()}@example.test` });
    const staff = await createAccount(db(), { email: `tb-staff-${Date.now()}@example.test`, role: "support" });
    const req = await requestTestBalance(db(), acct.id, USE_CASE);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        grantTestBalance(db(), { requestId: req.id, actorId: staff.id, amountMicros: 5_000_000n, response: "Enjoy!" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await expect(declineTestBalance(db(), { requestId: req.id, actorId: staff.id, response: "no" })).rejects.toThrow(
      /already granted/,
    );
    const entries = await db().ledgerEntry.findMany({ where: { accountId: acct.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: "test_credit", amountMicros: 5_000_000n, reference: req.id, actor: staff.id });
    expect(await db().testBalanceRequest.findUniqueOrThrow({ where: { id: req.id } })).toMatchObject({
      status: "granted",
      grantedMicros: 5_000_000n,
      response: "Enjoy!",
      decidedBy: staff.id,
    });
    expect(await db().auditLog.count({ where: { targetId: req.id, action: "test_balance.grant" } })).toBe(1);

    // Answered: the user may ask again; a decline moves no money.
    const next = await requestTestBalance(db(), acct.id, USE_CASE);
    await declineTestBalance(db(), { requestId: next.id, actorId: staff.id, response: "One grant per account." });
    expect(await db().ledgerEntry.count({ where: { accountId: acct.id } })).toBe(1);
    expect(await db().auditLog.count({ where: { targetId: next.id, action: "test_balance.decline" } })).toBe(1);
  });
});
