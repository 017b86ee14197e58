// Dashboard engine functions: tenant isolation, forged cursors, CSV formula injection, and the
// live-key cap under concurrency.
import { describe, expect, it } from "vitest";
import { ApiError } from "@vgen/contracts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { ledgerCsvLine } from "../src/billing/ledger-entries";

const cursorOf = (text: string) => Buffer.from(text).toString("base64url");

describe("ledger CSV cells", () => {
  const entry = (reason: string, amountMicros = -1_500_000n) => ({
    id: "led_1",
    accountId: "acc_1",
    type: "adjustment" as const,
    amountMicros,
    balanceAfterMicros: 3_000_000n,
    generationId: null,
    reference: "adjustment",
    reason,
    actor: null,
    createdAt: new Date("2026-01-02T03:04:05Z"),
  });

  it("defuses formulas, including ones that start like a negative number", () => {
    const line = ledgerCsvLine(entry('-1+HYPERLINK("http://x")'));
    expect(line).toContain(`"'-1+HYPERLINK(""http://x"")"`);
    expect(ledgerCsvLine(entry("=cmd|' /C calc'!A0"))).toContain("'=cmd|' /C calc'!A0");
    expect(ledgerCsvLine(entry("@SUM(A1)"))).toContain("'@SUM(A1)");
  });

  it("leaves negative amounts as numbers", () => {
    const cells = ledgerCsvLine(entry("refund")).trimEnd().split(",");
    expect(cells[3]).toMatch(/^-\$1\.5/);
    expect(cells[4]).toBe("-1500000");
    expect(cells[9]).toBe("refund");
  });
});

describe.skipIf(!testDatabaseUrl)("dashboard engine functions", () => {
  const db = useTestDb(8);
  const email = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

  it("refuses forged ledger cursors with invalid_cursor instead of a database error, and still pages", async () => {
    const { createAccount } = await import("../src/accounts/index");
    const { creditAccount, listLedgerEntries } = await import("../src/billing/index");
    const acct = await createAccount(db(), { email: email("ledger") });
    for (let i = 0; i < 3; i++)
      await creditAccount(db(), {
        accountId: acct.id,
        amountMicros: 1_000_000n,
        type: "test_credit",
        reason: `credit ${i}`,
        actor: "test",
      });

    const forgeries = [
      "garbage",
      cursorOf("-271821-04-20T00:00:00.000Z|charge|led_x"),
      cursorOf("0000-01-01T00:00:00.000Z|charge|led_x"),
      cursorOf("2026-01-01T00:00:00.000Z|nope|led_x"),
      cursorOf("2026-01-01T00:00:00.000Z|charge|led_x\0"),
    ];
    for (const forged of forgeries) {
      const err = await listLedgerEntries(db(), acct.id, { cursor: forged }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe("invalid_cursor");
    }

    const first = await listLedgerEntries(db(), acct.id, { limit: 2 });
    expect(first.entries).toHaveLength(2);
    const second = await listLedgerEntries(db(), acct.id, { limit: 2, cursor: first.nextCursor });
    expect(second.entries).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
  });

  it("refuses forged delivery cursors with invalid_cursor instead of a database error", async () => {
    const { createAccount } = await import("../src/accounts/index");
    const { listDeliveries } = await import("../src/delivery/index");
    const acct = await createAccount(db(), { email: email("deliv") });
    const err = await listDeliveries(db(), acct.id, { cursor: cursorOf("-271821-04-20T00:00:00.000Z|whd_x") }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("invalid_cursor");
  });

  it("never issues more live keys than the cap, even when asked concurrently", async () => {
    const { createAccount, issueNamedApiKey, MAX_LIVE_API_KEYS, TooManyApiKeysError } = await import("../src/accounts/index");
    const acct = await createAccount(db(), { email: email("keys"), emailVerified: true });
    const results = await Promise.allSettled(
      Array.from({ length: MAX_LIVE_API_KEYS + 6 }, (_, i) => issueNamedApiKey(db(), acct.id, `k${i}`)),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof TooManyApiKeysError)).toBe(true);
    expect(refused.map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(refused.length).fill("too_many_api_keys"));
    expect(await db().apiKey.count({ where: { accountId: acct.id, revokedAt: null } })).toBe(MAX_LIVE_API_KEYS);
    expect(results.length - refused.length).toBe(MAX_LIVE_API_KEYS);
  });

  it("treats another account's key, invoice and ledger like missing ones", async () => {
    const { accountDocumentPdf, createTopUpInvoice, listLedgerEntries, creditAccount } = await import("../src/billing/index");
    const { ApiKeyNotFoundError, createAccount, issueNamedApiKey, revokeApiKey, rotateApiKey } = await import(
      "../src/accounts/index"
    );
    const owner = await createAccount(db(), { email: email("owner"), emailVerified: true });
    const other = await createAccount(db(), { email: email("other"), emailVerified: true });
    const { record } = await issueNamedApiKey(db(), owner.id, "mine");
    await expect(revokeApiKey(db(), other.id, record.id)).rejects.toBeInstanceOf(ApiKeyNotFoundError);
    await expect(rotateApiKey(db(), other.id, record.id)).rejects.toBeInstanceOf(ApiKeyNotFoundError);
    await expect(revokeApiKey(db(), other.id, record.id)).rejects.toMatchObject({
      code: "resource_not_found",
      status: 404,
      message: "This key does not exist or is already revoked.",
    });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: record.id } })).revokedAt).toBeNull();

    const invoice = await createTopUpInvoice(db(), { accountId: owner.id, amountMicros: 10_000_000n, method: "bank_transfer" });
    expect(await accountDocumentPdf(db(), other.id, invoice.id, "invoice")).toBeNull();
    expect(await accountDocumentPdf(db(), other.id, invoice.id, "receipt")).toBeNull();

    await creditAccount(db(), { accountId: owner.id, amountMicros: 1_000_000n, type: "test_credit", reason: "x", actor: "test" });
    expect((await listLedgerEntries(db(), other.id)).entries).toEqual([]);
  });
});
