// Notification emails (docs/api.md#notification-emails): each kind is queued once per event (a
// retry or replay of the same event queues no second one), in the owner's language, and the
// optional kinds not at all once the owner turned them off.
import { generate } from "otplib";
import { afterAll, describe, expect, it } from "vitest";
import type { Locale } from "@vgen/contracts";
import type { MailKind } from "@vgen/db";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

// What the start command always sets: the TOTP sealing key's source.
process.env.NEXTAUTH_SECRET ??= "notification-emails-test-secret";

const STRONG = "correct horse battery staple";
const tag = () => Math.random().toString(36).slice(2, 10);

describe.skipIf(!testDatabaseUrl)("notification emails", () => {
  const db = useTestDb(6);

  afterAll(async () => {
    const { stopBoss } = await import("../src/platform/index");
    await stopBoss();
  });

  async function owner(locale: Locale = "en") {
    const { createAccount } = await import("../src/accounts/index");
    return createAccount(db(), { email: `notify-${tag()}@example.test`, password: STRONG, emailVerified: true, locale });
  }

  async function staff() {
    const { createAccount } = await import("../src/accounts/index");
    return createAccount(db(), { email: `notify-staff-${tag()}@example.test`, role: "support" });
  }

  /** The emails of one kind queued for an account, oldest first. */
  function mails(accountId: string, kind: MailKind) {
    return db().outboundEmail.findMany({ where: { accountId, kind }, orderBy: { createdAt: "asc" } });
  }

  async function turnOff(accountId: string, kind: "top_up_paid" | "test_balance_granted" | "generation_refunded") {
    const { notificationSettings, setNotificationSettings } = await import("../src/mail/index");
    const on = (await notificationSettings(db(), accountId)).filter((s) => s.enabled && s.kind !== kind).map((s) => s.kind);
    await setNotificationSettings(db(), accountId, on);
  }

  describe("two-factor sign-in", () => {
    async function enroll(accountId: string) {
      const auth = await import("../src/auth/index");
      const { secret } = await auth.startTwoFactorEnrollment(db(), accountId);
      await auth.confirmTwoFactorEnrollment(db(), accountId, await generate({ secret }));
      return secret;
    }

    it("turned on: one email; confirming again is refused and queues none", async () => {
      const auth = await import("../src/auth/index");
      const a = await owner();
      const secret = await enroll(a.id);
      await expect(auth.confirmTwoFactorEnrollment(db(), a.id, await generate({ secret }))).rejects.toMatchObject({
        code: "action_not_allowed",
      });
      const sent = await mails(a.id, "two_factor_enabled");
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: a.email, subject: "Two-factor sign-in was turned on" });
      expect(sent[0]!.text).toContain(a.email);
      expect(sent[0]!.text).toContain("cannot be turned off");
    });

    it("turned off: one email; turning off what is already off queues none; Russian for a ru owner", async () => {
      const auth = await import("../src/auth/index");
      const a = await owner("ru");
      const secret = await enroll(a.id);
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      await auth.disableTwoFactor(db(), { accountId: a.id, password: STRONG, code });
      await auth.disableTwoFactor(db(), { accountId: a.id, password: STRONG, code: "" });
      const sent = await mails(a.id, "two_factor_disabled");
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe("Двухфакторный вход выключен");
      expect(sent[0]!.text).toContain("его нельзя отключить");
      expect(await mails(a.id, "two_factor_enabled")).toHaveLength(1);
      expect((await mails(a.id, "two_factor_enabled"))[0]!.subject).toBe("Двухфакторный вход включён");
    });
  });

  describe("a sign-in from a new device", () => {
    const laptop = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0";
    const phone = "Mozilla/5.0 (iPhone) Safari/605.1";

    it("none for the first sign-in nor for a known browser in the same /24; one per new browser or network", async () => {
      const { createSession } = await import("../src/auth/index");
      const a = await owner();
      await createSession(db(), a.id, { userAgent: laptop, ip: "203.0.113.9" });
      expect(await mails(a.id, "new_sign_in")).toHaveLength(0);
      await createSession(db(), a.id, { userAgent: laptop, ip: "203.0.113.200" });
      await createSession(db(), a.id, { userAgent: laptop, ip: "::ffff:203.0.113.7" });
      expect(await mails(a.id, "new_sign_in")).toHaveLength(0);

      // Another network: one notice, and none for signing in again from there.
      await createSession(db(), a.id, { userAgent: laptop, ip: "198.51.100.4" });
      await createSession(db(), a.id, { userAgent: laptop, ip: "198.51.100.5" });
      // Another browser on a known network.
      await createSession(db(), a.id, { userAgent: phone, ip: "203.0.113.9" });
      const sent = await mails(a.id, "new_sign_in");
      expect(sent).toHaveLength(2);
      expect(sent[0]!.text).toContain("198.51.100.4");
      expect(sent[1]!.text).toContain(phone);
      expect(sent[0]!.subject).toBe("New sign-in to vgen from a new device");
    });

    it("IPv6 compares by /64; Russian for a ru owner", async () => {
      const { createSession } = await import("../src/auth/index");
      const a = await owner("ru");
      await createSession(db(), a.id, { userAgent: laptop, ip: "2001:db8:1:2::10" });
      await createSession(db(), a.id, { userAgent: laptop, ip: "2001:db8:1:2:abcd::1" });
      expect(await mails(a.id, "new_sign_in")).toHaveLength(0);
      await createSession(db(), a.id, { userAgent: laptop, ip: "2001:db8:1:3::10" });
      const sent = await mails(a.id, "new_sign_in");
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe("Вход в vgen с нового устройства");
    });

    it("a device last seen before the window counts as new again", async () => {
      const { createSession } = await import("../src/auth/index");
      const { NEW_DEVICE_WINDOW_DAYS } = await import("../src/auth/new-device");
      const a = await owner();
      const old = await createSession(db(), a.id, { userAgent: laptop, ip: "192.0.2.1" });
      const before = new Date(Date.now() - (NEW_DEVICE_WINDOW_DAYS + 1) * 24 * 60 * 60 * 1000);
      await db().authSession.update({ where: { id: old }, data: { createdAt: before, lastActiveAt: before } });
      await createSession(db(), a.id, { userAgent: laptop, ip: "192.0.2.1" });
      expect(await mails(a.id, "new_sign_in")).toHaveLength(1);
    });
  });

  describe("API keys", () => {
    it("created: one email per key issued or rotated in; none for the test key made at sign-up", async () => {
      const { issueNamedApiKey, rotateApiKey } = await import("../src/accounts/index");
      const a = await owner();
      expect(await mails(a.id, "api_key_created")).toHaveLength(0);
      const issued = await issueNamedApiKey(db(), a.id, "Production");
      let sent = await mails(a.id, "api_key_created");
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe('vgen API key "Production" was created');
      expect(sent[0]!.text).toContain(issued.record.prefix);
      expect(sent[0]!.text).not.toContain(issued.key);

      await rotateApiKey(db(), a.id, issued.record.id);
      await expect(rotateApiKey(db(), a.id, issued.record.id)).rejects.toMatchObject({ code: "resource_not_found" });
      sent = await mails(a.id, "api_key_created");
      expect(sent).toHaveLength(2);
      expect(sent[1]!.text).toContain(`replaces the key ${issued.record.prefix}`);
    });

    it("revoked: one email, by the owner or by support; revoking again queues none; Russian for a ru owner", async () => {
      const { issueNamedApiKey, revokeApiKey } = await import("../src/accounts/index");
      const { revokeKeyAsStaff } = await import("../src/support/index");
      const a = await owner("ru");
      const first = await issueNamedApiKey(db(), a.id, "Сервер");
      const second = await issueNamedApiKey(db(), a.id, "CI");
      expect((await mails(a.id, "api_key_created"))[0]!.subject).toBe("Создан API-ключ vgen «Сервер»");

      await revokeApiKey(db(), a.id, first.record.id);
      await expect(revokeApiKey(db(), a.id, first.record.id)).rejects.toMatchObject({ code: "resource_not_found" });
      const actorId = (await staff()).id;
      await revokeKeyAsStaff(db(), { keyId: second.record.id, actorId, reason: "Leaked in a public repository" });
      await expect(revokeKeyAsStaff(db(), { keyId: second.record.id, actorId, reason: "again" })).rejects.toThrow(
        /already revoked/,
      );
      const sent = await mails(a.id, "api_key_revoked");
      expect(sent.map((m) => m.subject)).toEqual(["API-ключ vgen «Сервер» отозван", "API-ключ vgen «CI» отозван"]);
      expect(sent[1]!.text).toContain("службой поддержки");
      expect(sent[1]!.text).not.toContain("Leaked");
    });
  });

  describe("test balance granted", () => {
    const USE_CASE = "We render product demo clips for an online store.";

    async function grant(accountId: string, amountMicros: bigint) {
      const { grantTestBalance, requestTestBalance } = await import("../src/accounts/index");
      const actorId = (await staff()).id;
      const request = await requestTestBalance(db(), accountId, USE_CASE);
      const input = { requestId: request.id, actorId, response: "Enjoy the test balance.", amountMicros };
      await grantTestBalance(db(), input);
      await expect(grantTestBalance(db(), input)).rejects.toMatchObject({ code: "state_conflict" });
    }

    it("one email with the amount in 2 decimals and support's answer, in the owner's language", async () => {
      const en = await owner();
      await grant(en.id, 12_500_000n);
      const sent = await mails(en.id, "test_balance_granted");
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe("You were granted $12.50 of vgen test balance");
      expect(sent[0]!.text).toContain("Enjoy the test balance.");
      expect(sent[0]!.text).toContain("/dashboard/account#notifications");

      const ru = await owner("ru");
      await grant(ru.id, 5_000_000n);
      expect((await mails(ru.id, "test_balance_granted")).map((m) => m.subject)).toEqual([
        "Вам начислен тестовый баланс vgen: $5.00",
      ]);
    });

    it("none when turned off; the balance is granted all the same", async () => {
      const a = await owner();
      await turnOff(a.id, "test_balance_granted");
      await grant(a.id, 5_000_000n);
      expect(await mails(a.id, "test_balance_granted")).toHaveLength(0);
      expect((await db().account.findUniqueOrThrow({ where: { id: a.id } })).balanceMicros).toBe(5_000_000n);
    });
  });

  describe("a refund", () => {
    async function refunded(accountId: string) {
      const { creditAccount } = await import("../src/billing/index");
      const { createGeneration, completeGeneration } = await import("../src/generations/index");
      const { findEnabledModel } = await import("../src/catalog/index");
      const { refundGeneration } = await import("../src/support/index");
      await creditAccount(db(), { accountId, amountMicros: 20_000_000n, type: "top_up", reason: "setup", actor: "test" });
      const account = await db().account.findUniqueOrThrow({ where: { id: accountId } });
      const model = await findEnabledModel(db(), "gen-3-1080");
      const gen = await createGeneration(db(), {
        account,
        apiKeyId: null,
        model,
        body: { model: model.id, prompt: "refund me" },
      });
      await completeGeneration(db(), gen.id);
      const actorId = (await staff()).id;
      const input = { generationId: gen.id, actorId, reason: "Broken output", amountMicros: 250_000n };
      await refundGeneration(db(), input);
      await expect(refundGeneration(db(), input)).rejects.toMatchObject({ code: "state_conflict" });
      return gen;
    }

    it("one email naming the generation and the amount, in the owner's language", async () => {
      const en = await owner();
      const gen = await refunded(en.id);
      const sent = await mails(en.id, "generation_refunded");
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe(`Refund of $0.25 for generation ${gen.id}`);
      expect(sent[0]!.text).toContain("Reason: Broken output");

      const ru = await owner("ru");
      const other = await refunded(ru.id);
      expect((await mails(ru.id, "generation_refunded")).map((m) => m.subject)).toEqual([
        `Возврат $0.25 за генерацию ${other.id}`,
      ]);
    });

    it("none when turned off", async () => {
      const a = await owner();
      await turnOff(a.id, "generation_refunded");
      await refunded(a.id);
      expect(await mails(a.id, "generation_refunded")).toHaveLength(0);
    });
  });

  describe("a paid top-up", () => {
    async function paid(accountId: string, via: "stripe" | "bank_transfer") {
      const { createTopUpInvoice, markInvoicePaid } = await import("../src/billing/index");
      const invoice = await createTopUpInvoice(db(), { accountId, amountMicros: 25_000_000n, method: via });
      const input = { invoice: invoice.id, via, actor: via === "stripe" ? "stripe" : "staff" };
      const first = await markInvoicePaid(db(), input);
      // Stripe delivers an event again (or twice at once): credited once, mailed once.
      const replays = await Promise.all([markInvoicePaid(db(), input), markInvoicePaid(db(), input)]);
      expect([first, ...replays].map((r) => r.credited)).toEqual([true, false, false]);
      return invoice;
    }

    it("one email per paid invoice, with the amount and the new balance, in the owner's language", async () => {
      const en = await owner();
      const invoice = await paid(en.id, "stripe");
      const sent = await mails(en.id, "top_up_paid");
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe(`Invoice ${invoice.number} paid: $25.00 added`);
      expect(sent[0]!.text).toContain("by card");
      expect(sent[0]!.text).toContain("The available balance is now $25.00.");

      const ru = await owner("ru");
      const other = await paid(ru.id, "bank_transfer");
      const ruSent = await mails(ru.id, "top_up_paid");
      expect(ruSent.map((m) => m.subject)).toEqual([`Счёт ${other.number} оплачен: $25.00 зачислено`]);
      expect(ruSent[0]!.text).toContain("банковским переводом");
    });

    it("none when turned off; other notices stay on", async () => {
      const { notificationSettings } = await import("../src/mail/index");
      const a = await owner();
      expect(await notificationSettings(db(), a.id)).toEqual([
        { kind: "top_up_paid", enabled: true },
        { kind: "test_balance_granted", enabled: true },
        { kind: "generation_refunded", enabled: true },
      ]);
      await turnOff(a.id, "top_up_paid");
      expect((await notificationSettings(db(), a.id)).filter((s) => !s.enabled).map((s) => s.kind)).toEqual(["top_up_paid"]);
      await paid(a.id, "stripe");
      expect(await mails(a.id, "top_up_paid")).toHaveLength(0);
    });
  });

  it("a deleted account is sent nothing", async () => {
    const { createTopUpInvoice, markInvoicePaid } = await import("../src/billing/index");
    const a = await owner();
    const invoice = await createTopUpInvoice(db(), { accountId: a.id, amountMicros: 25_000_000n, method: "bank_transfer" });
    await db().account.update({ where: { id: a.id }, data: { deletedAt: new Date() } });
    await markInvoicePaid(db(), { invoice: invoice.id, via: "bank_transfer", actor: "staff" });
    expect(await mails(a.id, "top_up_paid")).toHaveLength(0);
  });
});
