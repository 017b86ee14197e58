// Support console domain: search, refund once under concurrency, adjustments, access and audit rows.
import { describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const url = testDatabaseUrl;
const tag = () => Math.random().toString(36).slice(2, 10);

describe.skipIf(!url)("support console", () => {
  const db = useTestDb(12);

  async function setup(balance = 20_000_000n) {
    const { createAccount, issueApiKey } = await import("../src/accounts/index");
    const { creditAccount } = await import("../src/billing/index");
    const t = tag();
    const acct = await createAccount(db(), { email: `Support-Case-${t}@Example.test` });
    const staff = await createAccount(db(), { email: `staff-${t}@example.test`, role: "support" });
    await creditAccount(db(), { accountId: acct.id, amountMicros: balance, type: "top_up", reason: "setup", actor: "test" });
    const key = await issueApiKey(db(), acct.id, "k");
    return { acct: await db().account.findUniqueOrThrow({ where: { id: acct.id } }), staff, key, t };
  }

  async function completed(accountId: string) {
    const { createGeneration, completeGeneration } = await import("../src/generations/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    const account = await db().account.findUniqueOrThrow({ where: { id: accountId } });
    const model = await findEnabledModel(db(), "gen-3-1080");
    const gen = await createGeneration(db(), { account, apiKeyId: null, model, body: { model: model.id, prompt: "refund me" } });
    await completeGeneration(db(), gen.id);
    return gen;
  }

  it("finds accounts by partial case-insensitive email, account id, key prefix and generation id", async () => {
    const { searchAccounts } = await import("../src/support/index");
    const { acct, key, t } = await setup();
    const gen = await completed(acct.id);
    expect((await searchAccounts(db(), `case-${t}@example`)).map((h) => h.id)).toEqual([acct.id]);
    expect((await searchAccounts(db(), `SUPPORT-CASE-${t.toUpperCase()}`)).map((h) => h.id)).toEqual([acct.id]);
    expect((await searchAccounts(db(), acct.id))[0]).toMatchObject({ id: acct.id, matchedBy: ["account id"] });
    expect((await searchAccounts(db(), key.key.slice(0, 12)))[0]).toMatchObject({ id: acct.id, matchedBy: ["key prefix"] });
    expect((await searchAccounts(db(), key.key))[0]).toMatchObject({ id: acct.id });
    expect((await searchAccounts(db(), gen.id))[0]).toMatchObject({ id: acct.id, matchedBy: ["generation id"] });
    expect(await searchAccounts(db(), `nobody-${t}`)).toEqual([]);
  });

  it("shows staff one generation of any account with its trace id, and refuses an unknown id", async () => {
    const { getGenerationForStaff, SupportError } = await import("../src/support/index");
    const { acct } = await setup();
    const gen = await completed(acct.id);
    const untraced = await getGenerationForStaff(db(), gen.id);
    expect(untraced.generation).toMatchObject({ id: gen.id, accountId: acct.id, status: "completed", traceId: null });
    expect(untraced.routeAttempts).toEqual([]);
    expect(untraced.deliveries).toEqual([]);
    // Tracing is off here; the row keeps what the request's span was when it is on.
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    await db().generation.update({ where: { id: gen.id }, data: { traceId } });
    expect((await getGenerationForStaff(db(), gen.id)).generation.traceId).toBe(traceId);
    await expect(getGenerationForStaff(db(), `vid_missing${tag()}`)).rejects.toBeInstanceOf(SupportError);
  });

  it("refunds a completed generation's charge exactly once, even when refunds race", async () => {
    const { refundGeneration, SupportError } = await import("../src/support/index");
    const { acct, staff } = await setup();
    const gen = await completed(acct.id);
    const before = (await db().account.findUniqueOrThrow({ where: { id: acct.id } })).balanceMicros;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        refundGeneration(db(), { generationId: gen.id, actorId: staff.id, reason: "Broken output" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(SupportError);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "state_conflict", status: 409 });
    const after = (await db().account.findUniqueOrThrow({ where: { id: acct.id } })).balanceMicros;
    expect(after - before).toBe(gen.costMicros);
    const refunds = await db().ledgerEntry.findMany({ where: { generationId: gen.id, type: "refund" } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountMicros: gen.costMicros, actor: staff.id, reason: "Broken output" });
    const audits = await db().auditLog.findMany({ where: { targetId: gen.id, action: "generation.refund" } });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: staff.id, targetAccountId: acct.id });
    const sum = await db().ledgerEntry.aggregate({ where: { accountId: acct.id }, _sum: { amountMicros: true } });
    expect(sum._sum.amountMicros).toBe(after);
  });

  it("refuses a refund above the charge, of a non-completed generation, and without a reason", async () => {
    const { refundGeneration } = await import("../src/support/index");
    const { createGeneration } = await import("../src/generations/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    const { acct, staff } = await setup();
    const gen = await completed(acct.id);
    await expect(
      refundGeneration(db(), { generationId: gen.id, actorId: staff.id, reason: "too much", amountMicros: gen.costMicros + 1n }),
    ).rejects.toThrow(/cannot exceed/);
    await expect(refundGeneration(db(), { generationId: gen.id, actorId: staff.id, reason: " " })).rejects.toThrow(/reason/);
    const account = await db().account.findUniqueOrThrow({ where: { id: acct.id } });
    const model = await findEnabledModel(db(), "gen-3-1080");
    const running = await createGeneration(db(), {
      account,
      apiKeyId: null,
      model,
      body: { model: model.id, prompt: "still running" },
    });
    await expect(refundGeneration(db(), { generationId: running.id, actorId: staff.id, reason: "nope" })).rejects.toThrow(
      /Only completed/,
    );
    await expect(refundGeneration(db(), { generationId: "vid_missing", actorId: staff.id, reason: "nope" })).rejects.toThrow(
      /No generation/,
    );
    await expect(
      refundGeneration(db(), { generationId: "vid_missing", actorId: staff.id, reason: "nope" }),
    ).rejects.toMatchObject({ code: "generation_not_found", status: 404 });
    await expect(refundGeneration(db(), { generationId: running.id, actorId: staff.id, reason: "nope" })).rejects.toMatchObject({
      code: "action_not_allowed",
      status: 400,
    });
    expect(await db().ledgerEntry.count({ where: { accountId: acct.id, type: "refund" } })).toBe(0);
    expect(await db().auditLog.count({ where: { targetAccountId: acct.id } })).toBe(0);
  });

  it("adjusts a balance up and down with an audited reason, never below zero", async () => {
    const { adjustBalance } = await import("../src/support/index");
    const { acct, staff } = await setup(5_000_000n);
    const up = await adjustBalance(db(), {
      accountId: acct.id,
      amountMicros: 2_500_000n,
      actorId: staff.id,
      reason: "Goodwill credit",
    });
    expect(up.ledgerEntry).toMatchObject({
      type: "adjustment",
      amountMicros: 2_500_000n,
      balanceAfterMicros: 7_500_000n,
      reason: "Goodwill credit",
      actor: staff.id,
    });
    const down = await adjustBalance(db(), {
      accountId: acct.id,
      amountMicros: -7_000_000n,
      actorId: staff.id,
      reason: "Chargeback",
    });
    expect(down.ledgerEntry.balanceAfterMicros).toBe(500_000n);
    await expect(
      adjustBalance(db(), { accountId: acct.id, amountMicros: -600_000n, actorId: staff.id, reason: "Too much" }),
    ).rejects.toThrow(/below zero/);
    await expect(adjustBalance(db(), { accountId: acct.id, amountMicros: 1n, actorId: staff.id, reason: "" })).rejects.toThrow(
      /reason/,
    );
    await expect(
      adjustBalance(db(), { accountId: acct.id, amountMicros: 0n, actorId: staff.id, reason: "zero" }),
    ).rejects.toThrow(/zero/);
    await expect(
      adjustBalance(db(), { accountId: "acct_missing", amountMicros: 1n, actorId: staff.id, reason: "nobody" }),
    ).rejects.toMatchObject({ code: "resource_not_found", status: 404 });
    expect((await db().account.findUniqueOrThrow({ where: { id: acct.id } })).balanceMicros).toBe(500_000n);
    const audits = await db().auditLog.findMany({
      where: { targetAccountId: acct.id, action: "balance.adjust" },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.map((a) => (a.details as { amount: string }).amount)).toEqual(["$2.50", "-$7.00"]);
    expect(audits[0]).toMatchObject({ id: up.auditId, actorId: staff.id, targetId: up.ledgerEntry.id });
    expect(up.ledgerEntry.reference).toBe(up.auditId);
  });

  it("suspends and reactivates (audited), revokes keys, and the suspended account cannot generate", async () => {
    const { setAccountStatus, revokeKeyAsStaff, listAuditLog } = await import("../src/support/index");
    const { createGeneration } = await import("../src/generations/index");
    const { findEnabledModel } = await import("../src/catalog/index");
    const { acct, staff, key } = await setup();
    await setAccountStatus(db(), { accountId: acct.id, status: "suspended", actorId: staff.id, reason: "Abuse report" });
    await expect(
      setAccountStatus(db(), { accountId: acct.id, status: "suspended", actorId: staff.id, reason: "again" }),
    ).rejects.toThrow(/already suspended/);
    const account = await db().account.findUniqueOrThrow({ where: { id: acct.id } });
    const model = await findEnabledModel(db(), "gen-3-1080");
    await expect(
      createGeneration(db(), { account, apiKeyId: null, model, body: { model: model.id, prompt: "x" } }),
    ).rejects.toMatchObject({ code: "account_suspended" });
    await setAccountStatus(db(), { accountId: acct.id, status: "active", actorId: staff.id, reason: "Resolved" });
    await expect(
      setAccountStatus(db(), { accountId: staff.id, status: "suspended", actorId: staff.id, reason: "self" }),
    ).rejects.toThrow(/own account/);
    await revokeKeyAsStaff(db(), { keyId: key.record.id, actorId: staff.id, reason: "Leaked on GitHub" });
    await expect(revokeKeyAsStaff(db(), { keyId: key.record.id, actorId: staff.id, reason: "again" })).rejects.toThrow(
      /already revoked/,
    );
    const log = await listAuditLog(db(), { accountId: acct.id });
    expect(log.items.map((i) => i.action)).toEqual(["api_key.revoke", "account.reactivate", "account.suspend"]);
    expect(log.items.every((i) => i.actorId === staff.id && i.actorEmail === staff.email)).toBe(true);
    expect((await listAuditLog(db(), { actor: staff.email, action: "account." })).total).toBe(2);
  });

  it("an account deleted by its owner is marked in search and review, and staff actions on it are refused", async () => {
    const { createAccount, issueApiKey, requestTestBalance, grantTestBalance, declineTestBalance, deleteAccount } = await import(
      "../src/accounts/index"
    );
    const { creditAccount } = await import("../src/billing/index");
    const support = await import("../src/support/index");
    const t = tag();
    const password = "correct horse battery staple";
    const acct = await createAccount(db(), { email: `gone-${t}@example.test`, password });
    const staff = await createAccount(db(), { email: `staff-gone-${t}@example.test`, role: "support" });
    await creditAccount(db(), { accountId: acct.id, amountMicros: 5_000_000n, type: "top_up", reason: "setup", actor: "test" });
    const key = await issueApiKey(db(), acct.id, "k");
    const gen = await completed(acct.id);
    const request = await requestTestBalance(db(), acct.id, "integration tests for our pipeline");
    await deleteAccount(db(), { accountId: acct.id, password, confirmation: `gone-${t}@example.test` });
    const { deletedAt } = await db().account.findUniqueOrThrow({ where: { id: acct.id } });
    expect(deletedAt).toBeInstanceOf(Date);

    expect((await support.searchAccounts(db(), acct.id))[0]).toMatchObject({ id: acct.id, deletedAt });
    expect((await support.getAccountOverview(db(), acct.id)).account.deletedAt).toEqual(deletedAt);

    const ledgerBefore = await db().ledgerEntry.count({ where: { accountId: acct.id } });
    const auditBefore = await db().auditLog.count({ where: { targetAccountId: acct.id } });
    const refused = { code: "action_not_allowed", message: expect.stringContaining("deleted by its owner") };
    const actor = { actorId: staff.id, reason: "customer asked" };
    await expect(support.adjustBalance(db(), { accountId: acct.id, amountMicros: 1_000_000n, ...actor })).rejects.toMatchObject(
      refused,
    );
    await expect(support.setAccountStatus(db(), { accountId: acct.id, status: "suspended", ...actor })).rejects.toMatchObject(
      refused,
    );
    await expect(support.revokeKeyAsStaff(db(), { keyId: key.record.id, ...actor })).rejects.toMatchObject(refused);
    await expect(support.refundGeneration(db(), { generationId: gen.id, ...actor })).rejects.toMatchObject(refused);
    await expect(
      grantTestBalance(db(), { requestId: request.id, actorId: staff.id, response: "granted", amountMicros: 1_000_000n }),
    ).rejects.toMatchObject(refused);
    // Nothing moved: no ledger entry, no audit row, the request still waits and can be declined.
    expect(await db().ledgerEntry.count({ where: { accountId: acct.id } })).toBe(ledgerBefore);
    expect(await db().auditLog.count({ where: { targetAccountId: acct.id } })).toBe(auditBefore);
    expect((await db().testBalanceRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("pending");
    await declineTestBalance(db(), { requestId: request.id, actorId: staff.id, response: "account deleted" });
  });

  it("account activity lists the account's webhook endpoints with their last delivery, never a secret or another account's", async () => {
    const { createEndpoint } = await import("../src/delivery/index");
    const { getAccountActivity } = await import("../src/support/index");
    const { acct } = await setup();
    const { acct: other } = await setup();
    const { endpoint, secret } = await createEndpoint(db(), acct.id, {
      url: "https://hooks.example.com/a",
      description: "a",
      events: ["generation.completed"],
    });
    await createEndpoint(db(), other.id, { url: "https://hooks.example.com/b", description: "", events: ["generation.failed"] });
    const activity = await getAccountActivity(db(), acct.id);
    expect(activity.endpoints).toEqual([
      expect.objectContaining({ id: endpoint.id, url: "https://hooks.example.com/a", enabled: true, lastDelivery: null }),
    ]);
    expect(JSON.stringify(activity, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(secret);
  });

  it("an organization's review lists its projects with their limits, archived ones last, never another organization's", async () => {
    const { getAccountOrganization } = await import("../src/support/index");
    const { archiveProject, createProject } = await import("../src/projects/index");
    const { acct } = await setup();
    const { acct: other } = await setup();
    const open = { monthlySpendCapMicros: null, rateLimitShare: 100, allowedModels: [] };
    const capped = await createProject(db(), acct.id, {
      name: "capped",
      monthlySpendCapMicros: 7_500_000n,
      rateLimitShare: 30,
      allowedModels: ["gen-3-1080"],
    });
    const old = await createProject(db(), acct.id, { name: "old", ...open });
    await archiveProject(db(), acct.id, old.id);
    await createProject(db(), other.id, { name: "theirs", ...open });

    const { projects } = await getAccountOrganization(db(), acct.id);
    expect(projects.map((p) => [p.name, p.isDefault, p.archivedAt !== null])).toEqual([
      [expect.any(String), true, false],
      ["capped", false, false],
      ["old", false, true],
    ]);
    expect(projects[1]).toMatchObject({
      id: capped.id,
      monthlySpendCapMicros: 7_500_000n,
      rateLimitShare: 30,
      allowedModels: ["gen-3-1080"],
    });
  });

  it("edits the catalog with before/after in the audit row", async () => {
    const { updateCatalogModel } = await import("../src/support/index");
    const { createAccount } = await import("../src/accounts/index");
    const admin = await createAccount(db(), { email: `admin-${tag()}@example.test`, role: "admin" });
    const before = await db().catalogModel.findUniqueOrThrow({ where: { id: "gen-3-1080" } });
    const model = await updateCatalogModel(db(), {
      modelId: before.id,
      actorId: admin.id,
      patch: { priceMicrosPerSecond: 555_000n, rateLimitQps: before.rateLimitQps },
    });
    expect(model.priceMicrosPerSecond).toBe(555_000n);
    const row = await db().auditLog.findFirstOrThrow({
      where: { action: "catalog.update", targetId: before.id, actorId: admin.id },
    });
    expect(row.details).toMatchObject({ changes: { priceMicrosPerSecond: { to: "$0.555" } } });
    expect(Object.keys((row.details as { changes: object }).changes)).toEqual(["priceMicrosPerSecond"]);
    await expect(
      updateCatalogModel(db(), { modelId: before.id, actorId: admin.id, patch: { minDuration: 50, maxDuration: 10 } }),
    ).rejects.toThrow(/Durations/);
    await updateCatalogModel(db(), {
      modelId: before.id,
      actorId: admin.id,
      patch: { priceMicrosPerSecond: before.priceMicrosPerSecond },
    });
  });

  it("edits sound support and the audio price; clearing the price back to the model's is audited as null", async () => {
    const { updateCatalogModel } = await import("../src/support/index");
    const { createAccount } = await import("../src/accounts/index");
    const admin = await createAccount(db(), { email: `admin-${tag()}@example.test`, role: "admin" });
    const id = `audio-${tag()}`;
    await db().catalogModel.create({
      data: {
        id,
        purpose: "audio edit test",
        purposeRu: "audio edit test (ru)",
        priceMicrosPerSecond: 100_000n,
        rateLimitQps: 10,
        minChargeSeconds: 1,
        queue: "standard",
        sizes: ["720p"],
        minDuration: 1,
        maxDuration: 8,
        defaultDuration: 4,
      },
    });
    const edited = await updateCatalogModel(db(), {
      modelId: id,
      actorId: admin.id,
      patch: { supportsAudio: true, audioDefault: true, audioPriceMicros: 250_000n },
    });
    expect([edited.supportsAudio, edited.audioDefault, edited.audioPriceMicros]).toEqual([true, true, 250_000n]);
    await expect(updateCatalogModel(db(), { modelId: id, actorId: admin.id, patch: { audioPriceMicros: 0n } })).rejects.toThrow(
      /audio price/,
    );
    const cleared = await updateCatalogModel(db(), { modelId: id, actorId: admin.id, patch: { audioPriceMicros: null } });
    expect(cleared.audioPriceMicros).toBeNull();
    // Clips per request (`n`): 1 to 4, audited like the rest.
    expect((await updateCatalogModel(db(), { modelId: id, actorId: admin.id, patch: { maxOutputs: 3 } })).maxOutputs).toBe(3);
    await expect(updateCatalogModel(db(), { modelId: id, actorId: admin.id, patch: { maxOutputs: 5 } })).rejects.toThrow(
      /Outputs per request/,
    );
    const rows = await db().auditLog.findMany({
      where: { action: "catalog.update", targetId: id, actorId: admin.id },
      orderBy: { createdAt: "asc" },
    });
    expect(rows.map((r) => (r.details as { changes: object }).changes)).toEqual([
      {
        supportsAudio: { from: false, to: true },
        audioDefault: { from: false, to: true },
        audioPriceMicros: { from: null, to: "$0.250" },
      },
      { audioPriceMicros: { from: "$0.250", to: null } },
      { maxOutputs: { from: 1, to: 3 } },
    ]);
  });

  it("edits a model's Russian description, audited with before and after", async () => {
    const { updateCatalogModel } = await import("../src/support/index");
    const { createAccount } = await import("../src/accounts/index");
    const admin = await createAccount(db(), { email: `admin-${tag()}@example.test`, role: "admin" });
    const before = await db().catalogModel.findUniqueOrThrow({ where: { id: "gen-3.1-fast" } });
    const model = await updateCatalogModel(db(), {
      modelId: before.id,
      actorId: admin.id,
      patch: { purposeRu: `  Черновики за секунды ${tag()}  ` },
    });
    const edited = model.purposeRu;
    expect(edited).toMatch(/^Черновики за секунды \S+$/);
    expect(model.purpose).toBe(before.purpose);
    const row = await db().auditLog.findFirstOrThrow({
      where: { action: "catalog.update", targetId: before.id, actorId: admin.id },
    });
    expect(row.details).toMatchObject({ changes: { purposeRu: { from: before.purposeRu, to: edited } } });
    await expect(
      updateCatalogModel(db(), { modelId: before.id, actorId: admin.id, patch: { purposeRu: " x " } }),
    ).rejects.toThrow(/Russian purpose/);
    await updateCatalogModel(db(), { modelId: before.id, actorId: admin.id, patch: { purposeRu: before.purposeRu } });
  });
});
