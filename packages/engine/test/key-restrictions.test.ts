// Restricted API keys (docs/api.md#restricted-keys): each restriction refuses with its own code and
// creates nothing, edits reach the cached key at once, and concurrent creates never overshoot a
// key's monthly spend cap.
import { describe, expect, it } from "vitest";
import type { KeyRestrictionsInput } from "../src/accounts/index";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const NONE: KeyRestrictionsInput = {
  allowedModels: [],
  readOnly: false,
  expiresAt: null,
  monthlySpendCapMicros: null,
  allowedSources: [],
};

describe("key restrictions judged from the cached key (no database)", () => {
  it("an expired key is refused with key_expired; one expiring later is not", async () => {
    const { compileKeyRestrictions, keyUseRefusal } = await import("../src/accounts/key-restrictions");
    const now = new Date("2026-11-23T10:00:00Z");
    const expired = compileKeyRestrictions({ ...NONE, expiresAt: new Date("2026-11-23T10:00:00Z") });
    expect(keyUseRefusal(expired, "203.0.113.7", now)).toMatchObject({ code: "key_expired", status: 401 });
    expect(keyUseRefusal(expired, "203.0.113.7", now)?.message).toContain("2026-11-23T10:00:00Z");
    const later = compileKeyRestrictions({ ...NONE, expiresAt: new Date("2026-11-23T10:00:01Z") });
    expect(keyUseRefusal(later, "203.0.113.7", now)).toBeNull();
  });

  it("source addresses: single IPv4, CIDR ranges of both families, IPv4-mapped clients; anything else key_source_not_allowed", async () => {
    const { compileKeyRestrictions, keyUseRefusal } = await import("../src/accounts/key-restrictions");
    const r = compileKeyRestrictions({ ...NONE, allowedSources: ["198.51.100.7", "10.0.0.0/8", "2001:db8::/32"] });
    for (const ip of ["198.51.100.7", "10.255.0.1", "::ffff:10.1.2.3", "2001:db8:1::5"]) {
      expect(keyUseRefusal(r, ip), ip).toBeNull();
    }
    for (const ip of ["198.51.100.8", "11.0.0.1", "2001:db9::1", "::1", "unknown", ""]) {
      expect(keyUseRefusal(r, ip), ip).toMatchObject({ code: "key_source_not_allowed", status: 403 });
    }
    // A damaged stored entry matches nothing rather than everything.
    const damaged = compileKeyRestrictions({ ...NONE, allowedSources: ["not-an-address"] });
    expect(keyUseRefusal(damaged, "10.0.0.1")).toMatchObject({ code: "key_source_not_allowed" });
  });

  it("an unrestricted key compiles to null, so the hot path does one check", async () => {
    const { compileKeyRestrictions, keyUseRefusal, assertKeyAllowsModel, assertKeyMayWrite } = await import(
      "../src/accounts/key-restrictions"
    );
    const r = compileKeyRestrictions(NONE);
    expect(r).toBeNull();
    expect(keyUseRefusal(r, "unknown")).toBeNull();
    expect(() => assertKeyMayWrite(r)).not.toThrow();
    expect(() => assertKeyAllowsModel(r, "gen-3.1-pro")).not.toThrow();
  });
});

describe.skipIf(!testDatabaseUrl)("restricted API keys against the database", () => {
  const db = useTestDb(12);
  const funded = useFundedAccounts(db, "keyrestr");

  async function keyWith(accountId: string, restrictions: Partial<KeyRestrictionsInput>) {
    const { issueApiKey, checkedKeyRestrictions } = await import("../src/accounts/index");
    const checked = await checkedKeyRestrictions(db(), { ...NONE, ...restrictions });
    return issueApiKey(db(), accountId, "restricted", checked);
  }

  async function accept(key: string, body: Record<string, unknown>) {
    const { authenticateApiKey } = await import("../src/accounts/index");
    const { acceptGeneration } = await import("../src/generations/index");
    const identity = await authenticateApiKey(db(), key);
    if (!identity) throw new Error("key not found");
    return acceptGeneration(db(), {
      account: identity.account,
      apiKeyId: identity.apiKey.id,
      keyRestrictions: identity.apiKey.restrictions,
      body: { stream: false, ...body },
    });
  }

  const PRO_4S = { model: "gen-3.1-pro", prompt: "cap", duration: 4, size: "720p" }; // $1.920

  it("read-only and model-restricted keys are refused before anything is held or created", async () => {
    const account = await funded(50_000_000n);
    const readOnly = await keyWith(account.id, { readOnly: true });
    await expect(accept(readOnly.key, PRO_4S)).rejects.toMatchObject({ code: "key_read_only", status: 403 });
    const proOnly = await keyWith(account.id, { allowedModels: ["gen-3.1-pro"] });
    await expect(accept(proOnly.key, { ...PRO_4S, model: "gen-3-1080" })).rejects.toMatchObject({
      code: "key_model_not_allowed",
      status: 403,
      param: "model",
    });
    expect(await db().generation.count({ where: { accountId: account.id } })).toBe(0);
    expect((await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros).toBe(50_000_000n);
    const ok = await accept(proOnly.key, PRO_4S);
    expect(ok.generation.apiKeyId).toBe(proOnly.record.id);
  });

  it("concurrent creates never take a key past its monthly cap; releases and refunds give room back", async () => {
    const { cancelGeneration, completeGeneration } = await import("../src/generations/index");
    const { refundGeneration } = await import("../src/support/index");
    const { keyMonthSpendMicros } = await import("../src/accounts/index");
    // Plenty of balance: only the key's $5 cap can refuse; $1.920 each, so two fit and a third would not.
    const account = await funded(100_000_000n);
    const capped = await keyWith(account.id, { monthlySpendCapMicros: 5_000_000n });
    // Another key of the same account is not limited by this key's cap. Its create also subscribes the
    // account to the model (uncapped), so the racing creates below take no subscription lock: only
    // the key's own lock stands between them and an overshoot.
    const other = await keyWith(account.id, {});
    await accept(other.key, PRO_4S);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => accept(capped.key, PRO_4S)));
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(2);
    for (const r of refused) expect(r.reason).toMatchObject({ code: "key_spend_cap_reached", status: 403 });
    expect(await db().generation.count({ where: { apiKeyId: capped.record.id } })).toBe(2);
    expect(await keyMonthSpendMicros(db(), capped.record.id)).toBe(3_840_000n);
    const balance = (await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros;
    expect(balance).toBe(100_000_000n - 3n * 1_920_000n);

    // A canceled generation's hold no longer counts: one more fits.
    const [first, second] = ok.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof accept>>>).value.generation);
    await cancelGeneration(db(), account.id, first!.id);
    expect(await keyMonthSpendMicros(db(), capped.record.id)).toBe(1_920_000n);
    const third = await accept(capped.key, PRO_4S);
    await expect(accept(capped.key, PRO_4S)).rejects.toMatchObject({ code: "key_spend_cap_reached" });

    // A completed one counts its charge; a refund gives that much back.
    await completeGeneration(db(), second!.id);
    const staff = await funded(0n);
    await refundGeneration(db(), {
      generationId: second!.id,
      actorId: staff.id,
      reason: "test refund",
      amountMicros: 1_000_000n,
    });
    expect(await keyMonthSpendMicros(db(), capped.record.id)).toBe(3_840_000n - 1_000_000n);
    await accept(capped.key, { ...PRO_4S, duration: 2 }); // $0.960 fits in $5 - $2.840
    expect(third.generation.apiKeyId).toBe(capped.record.id);
  });

  it("an edit reaches the cached key at once, like a revocation; rotation keeps the restrictions", async () => {
    const { authenticateApiKey, restrictApiKey, rotateApiKey, revokeApiKey } = await import("../src/accounts/index");
    const { notificationConnection } = await import("../src/platform/notifications");
    const account = await funded(10_000_000n);
    const issued = await keyWith(account.id, {});
    expect((await authenticateApiKey(db(), issued.key))?.apiKey.restrictions).toBeNull();
    // Wait until the cache listens, so the next read is served from memory until invalidated.
    for (let i = 0; i < 50 && !notificationConnection().isListening("vgen_cache"); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await authenticateApiKey(db(), issued.key))?.apiKey.restrictions).toBeNull();

    await restrictApiKey(db(), account.id, issued.record.id, {
      ...NONE,
      readOnly: true,
      allowedSources: ["::ffff:192.0.2.0/120"],
    });
    let seen = null;
    for (let i = 0; i < 50 && !seen; i++) {
      seen = (await authenticateApiKey(db(), issued.key))?.apiKey.restrictions ?? null;
      if (!seen) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toMatchObject({ readOnly: true, sources: { entries: ["192.0.2.0/24"] } });

    const rotated = await rotateApiKey(db(), account.id, issued.record.id);
    expect(rotated.record).toMatchObject({ readOnly: true, allowedSources: ["192.0.2.0/24"] });
    await revokeApiKey(db(), account.id, rotated.record.id);
    await expect(restrictApiKey(db(), account.id, rotated.record.id, NONE)).rejects.toMatchObject({ code: "resource_not_found" });
    // Another account cannot edit this account's key.
    const stranger = await funded(0n);
    const live = await keyWith(account.id, {});
    await expect(restrictApiKey(db(), stranger.id, live.record.id, { ...NONE, readOnly: true })).rejects.toMatchObject({
      code: "resource_not_found",
    });
  });

  it("rotating an expired key asks for a new expiry instead of issuing a key born expired; the rest is kept", async () => {
    const { authenticateApiKey, rotateApiKey } = await import("../src/accounts/index");
    const account = await funded(0n);
    const issued = await keyWith(account.id, {
      readOnly: true,
      allowedModels: ["gen-3.1-pro"],
      expiresAt: new Date(Date.now() + 60_000),
    });
    const past = new Date(Date.now() - 60_000);
    await db().apiKey.update({ where: { id: issued.record.id }, data: { expiresAt: past } });

    const refused = rotateApiKey(db(), account.id, issued.record.id);
    await expect(refused).rejects.toMatchObject({ code: "invalid_parameter", param: "expiresAt", status: 400 });
    await expect(refused).rejects.toThrow(/expired at .*choose a new expiry/);
    await expect(rotateApiKey(db(), account.id, issued.record.id, { expiresAt: past })).rejects.toMatchObject({
      param: "expiresAt",
    });
    // Nothing changed: the old key is not revoked and no successor exists.
    expect(await db().apiKey.count({ where: { accountId: account.id, revokedAt: null } })).toBe(1);

    const until = new Date(Date.now() + 86_400_000);
    const rotated = await rotateApiKey(db(), account.id, issued.record.id, { expiresAt: until });
    expect(rotated.record).toMatchObject({ readOnly: true, allowedModels: ["gen-3.1-pro"], expiresAt: until });
    expect((await authenticateApiKey(db(), rotated.key))?.apiKey.restrictions).toMatchObject({ expiresAt: until });
    expect(await db().apiKey.count({ where: { accountId: account.id, revokedAt: null } })).toBe(1);

    // A live key rotates with its expiry kept, or lifted with null.
    const kept = await rotateApiKey(db(), account.id, rotated.record.id);
    expect(kept.record.expiresAt).toEqual(until);
    const lifted = await rotateApiKey(db(), account.id, kept.record.id, { expiresAt: null });
    expect(lifted.record).toMatchObject({ expiresAt: null, readOnly: true });
  });

  it("restrictions are checked before they are stored", async () => {
    const { checkedKeyRestrictions } = await import("../src/accounts/index");
    const bad = async (patch: Partial<KeyRestrictionsInput>, param: string) =>
      expect(checkedKeyRestrictions(db(), { ...NONE, ...patch })).rejects.toMatchObject({ code: "invalid_parameter", param });
    await bad({ allowedModels: ["no-such-model"] }, "allowedModels");
    await bad({ allowedSources: ["10.0.0.0/33"] }, "allowedSources");
    await bad({ allowedSources: ["example.com"] }, "allowedSources");
    await bad({ monthlySpendCapMicros: 0n }, "monthlySpendCap");
    await bad({ expiresAt: new Date(Date.now() - 1000) }, "expiresAt");
    const ok = await checkedKeyRestrictions(db(), {
      ...NONE,
      allowedModels: ["gen-3.1-pro", "gen-3.1-pro"],
      allowedSources: [" 10.1.2.3 ", "2001:DB8::/32", "::ffff:10.0.0.1"],
    });
    expect(ok.allowedModels).toEqual(["gen-3.1-pro"]);
    expect(ok.allowedSources).toEqual(["10.1.2.3", "2001:db8::/32", "10.0.0.1"]);
  });
});
