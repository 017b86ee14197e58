// Account email through a real SMTP server (smtp-server, started here) and the real pg-boss worker:
// what arrives, retries while the server is down, giving up after the schedule, the no-SMTP_URL
// default, the change-email flow, and the staff console's outbox.
import { createServer as createTcpServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

const tag = () => Math.random().toString(36).slice(2, 10);
const STRONG = "correct horse battery staple";
const MAIL_ENV = ["SMTP_URL", "MAIL_FROM", "MAIL_RETRY_SCHEDULE"] as const;
const savedEnv = Object.fromEntries(MAIL_ENV.map((k) => [k, process.env[k]]));

interface Received {
  to: string[];
  raw: string;
}

/** The message's headers and decoded text (quoted-printable soft breaks and escapes undone). */
function readMessage(raw: string) {
  const [head = "", ...body] = raw.split("\r\n\r\n");
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? null;
  const text = body
    .join("\r\n\r\n")
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return { subject: header("Subject"), from: header("From"), text };
}

const linkIn = (text: string) => /(http:\/\/\S+\?token=[1-9A-HJ-NP-Za-km-z]+)/.exec(text)?.[1] ?? null;
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/** An SMTP server on `port` (0: any) that keeps what it receives; `refuse` answers every recipient 550. */
async function startSmtp(port = 0, opts: { refuse?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    // A reverse DNS lookup of 127.0.0.1 can stall for half a minute on a machine without DNS.
    disableReverseLookup: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (opts.refuse) callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return {
    port: bound,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (bound once, then released). */
async function freePort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!testDatabaseUrl)("mail", () => {
  const db = useTestDb(6);
  let worker: { stop(): Promise<void> } | undefined;

  beforeAll(async () => {
    process.env.MAIL_FROM = "vgen tests <no-reply@vgen.test>";
    process.env.MAIL_RETRY_SCHEDULE = "300ms,300ms";
    const { startMailWorker } = await import("../src/mail/worker");
    worker = await startMailWorker(db());
  });
  afterEach(() => {
    delete process.env.SMTP_URL;
  });
  afterAll(async () => {
    await worker?.stop();
    const { stopBoss } = await import("../src/platform/queue");
    await stopBoss();
    for (const k of MAIL_ENV) {
      if (savedEnv[k] === undefined) delete process.env[k];
      else process.env[k] = savedEnv[k];
    }
  });

  async function account(verified = true) {
    const { createAccount } = await import("../src/accounts/index");
    return createAccount(db(), { email: `mail-${tag()}@example.test`, password: STRONG, emailVerified: verified });
  }
  const emailsTo = (to: string) => db().outboundEmail.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
  const sentTo = (to: string, n = 1) =>
    until(`${n} sent to ${to}`, async () => {
      const rows = await emailsTo(to);
      return rows.filter((r) => r.status === "sent").length >= n && rows;
    });

  it("a password reset arrives at the account's address with a working link; the outbox row is sent", async () => {
    const smtp = await startSmtp();
    try {
      process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
      const { requestPasswordReset, resetPassword } = await import("../src/auth/index");
      const owner = await account();
      await requestPasswordReset(db(), owner.email);
      const [row] = await sentTo(owner.email);
      expect(row).toMatchObject({ kind: "password_reset", status: "sent", attempts: 1, lastError: null, accountId: owner.id });
      expect(row!.sentAt).not.toBeNull();

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([owner.email]);
      const message = readMessage(smtp.received[0]!.raw);
      expect(message.subject).toBe("Reset your password");
      expect(message.from).toContain("no-reply@vgen.test");
      const link = linkIn(message.text)!;
      expect(new URL(link).pathname).toBe("/reset-password");
      await expect(resetPassword(db(), tokenOf(link), "a brand new long passphrase")).resolves.toEqual({ email: owner.email });
      // The reset sends a notice of its own.
      const rows = await sentTo(owner.email, 2);
      expect(rows.map((r) => r.kind)).toEqual(["password_reset", "password_changed"]);
      expect(readMessage(smtp.received[1]!.raw).subject).toBe("Your password was changed");
    } finally {
      await smtp.close();
    }
  });

  it("while the SMTP server is down the message stays queued and is retried, then sent once it is back", async () => {
    const port = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    // Long enough to bring the server up between attempts.
    process.env.MAIL_RETRY_SCHEDULE = "2s,2s,2s";
    const { sendVerificationLink } = await import("../src/auth/index");
    const owner = await account(false);
    await sendVerificationLink(db(), owner.id);
    const failedOnce = await until("a failed attempt", async () => {
      const [row] = await emailsTo(owner.email);
      return row && row.attempts >= 1 && row;
    });
    expect(failedOnce.status).toBe("queued");
    expect(failedOnce.lastError).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtp(port);
    try {
      const [row] = await sentTo(owner.email);
      expect(row!.attempts).toBeGreaterThanOrEqual(2);
      expect(row!.lastError).toBeNull();
      expect(smtp.received).toHaveLength(1);
      expect(readMessage(smtp.received[0]!.raw).subject).toBe("Verify your email address");
      expect(new URL(linkIn(readMessage(smtp.received[0]!.raw).text)!).pathname).toBe("/verify-email");
    } finally {
      process.env.MAIL_RETRY_SCHEDULE = "300ms,300ms";
      await smtp.close();
    }
  });

  it("a message the server keeps refusing is failed after the retry schedule (1 + 2 attempts), and the request still succeeded", async () => {
    const smtp = await startSmtp(0, { refuse: true });
    try {
      process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
      const { changePassword, createSession } = await import("../src/auth/index");
      const owner = await account();
      const sessionId = await createSession(db(), owner.id);
      await expect(
        changePassword(db(), { accountId: owner.id, sessionId, currentPassword: STRONG, newPassword: "changed long passphrase" }),
      ).resolves.toBeUndefined();
      const row = await until("the message to fail", async () => {
        const [r] = await emailsTo(owner.email);
        return r?.status === "failed" && r;
      });
      expect(row).toMatchObject({ kind: "password_changed", attempts: 3, sentAt: null });
      expect(row.lastError).toMatch(/550/);
      // No job is left to try again.
      await new Promise((r) => setTimeout(r, 1000));
      expect((await emailsTo(owner.email))[0]!.attempts).toBe(3);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("without SMTP_URL the message stays in the outbox as not_sent and its text (with the link) goes to the log", async () => {
    const { logger } = await import("../src/platform/logger");
    const logged: string[] = [];
    const spy = vi.spyOn(logger, "warn").mockImplementation(((_obj: unknown, msg?: string) => {
      if (msg) logged.push(msg);
    }) as typeof logger.warn);
    try {
      const { requestPasswordReset, resetLinkEmail } = await import("../src/auth/index");
      const owner = await account();
      await requestPasswordReset(db(), owner.email);
      const [row] = await emailsTo(owner.email);
      expect(row).toMatchObject({ status: "not_sent", attempts: 0, kind: "password_reset" });
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(owner.email);
      const link = linkIn(logged[0]!)!;
      expect(row!.text).toContain(link);
      expect(await resetLinkEmail(db(), tokenOf(link))).toBe(owner.email);
      // Nothing will try to send it.
      await new Promise((r) => setTimeout(r, 800));
      expect((await emailsTo(owner.email))[0]!.status).toBe("not_sent");
    } finally {
      spy.mockRestore();
    }
  });

  it("emails are in the owner's language: Russian from a Russian sign-up, English after a switch to English", async () => {
    const { logger } = await import("../src/platform/logger");
    const spy = vi.spyOn(logger, "warn").mockImplementation((() => {}) as typeof logger.warn);
    try {
      const { requestPasswordReset } = await import("../src/auth/index");
      const { createAccount, setAccountLocale } = await import("../src/accounts/index");
      const owner = await createAccount(db(), { email: `mail-ru-${tag()}@example.test`, password: STRONG, locale: "ru" });
      await requestPasswordReset(db(), owner.email);
      await setAccountLocale(db(), owner.id, "en");
      await requestPasswordReset(db(), owner.email);
      const rows = await emailsTo(owner.email);
      expect(rows.map((r) => r.subject)).toEqual(["Сброс пароля", "Reset your password"]);
      expect(rows[0]!.text).toContain("Ссылка работает один раз в течение 1 часа");
      expect(linkIn(rows[0]!.text)).toMatch(/\/reset-password\?/);
      // Only languages there are templates for can be stored.
      await expect(setAccountLocale(db(), owner.id, "fr" as "en")).rejects.toThrow(/accounts_locale_check/);
    } finally {
      spy.mockRestore();
    }
  });

  it("change email: password checked, taken address refused, link to the new address, change on opening, notice to the old", async () => {
    const smtp = await startSmtp();
    try {
      process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
      const { confirmEmailChange, InvalidLinkError, requestEmailChange, signInWithPassword } = await import("../src/auth/index");
      const owner = await account();
      const other = await account();
      const oldEmail = owner.email;
      const newEmail = `moved-${tag()}@example.test`;

      await expect(
        requestEmailChange(db(), { accountId: owner.id, currentPassword: "not it at all", newEmail }),
      ).rejects.toMatchObject({ code: "wrong_password" });
      await expect(
        requestEmailChange(db(), { accountId: owner.id, currentPassword: STRONG, newEmail: other.email.toUpperCase() }),
      ).rejects.toMatchObject({ code: "email_taken", status: 409, message: "Another account already uses this email address." });
      await expect(
        requestEmailChange(db(), { accountId: owner.id, currentPassword: STRONG, newEmail: oldEmail }),
      ).rejects.toMatchObject({ code: "invalid_parameter" });
      expect(await db().outboundEmail.count({ where: { accountId: owner.id } })).toBe(0);

      await expect(
        requestEmailChange(db(), { accountId: owner.id, currentPassword: STRONG, newEmail: ` ${newEmail.toUpperCase()} ` }),
      ).resolves.toEqual({ sentTo: newEmail });
      await sentTo(newEmail);
      const confirmation = smtp.received.find((m) => m.to.includes(newEmail))!;
      const message = readMessage(confirmation.raw);
      expect(message.subject).toBe("Confirm your new email address");
      const link = linkIn(message.text)!;
      expect(new URL(link).pathname).toBe("/confirm-email");
      // Hashed at rest, like the other links.
      expect(JSON.stringify(await db().authToken.findMany({ where: { accountId: owner.id } }))).not.toContain(tokenOf(link));
      // Nothing changed yet.
      expect((await db().account.findUniqueOrThrow({ where: { id: owner.id } })).email).toBe(oldEmail);

      await expect(confirmEmailChange(db(), tokenOf(link))).resolves.toEqual({ email: newEmail });
      await expect(confirmEmailChange(db(), tokenOf(link))).rejects.toBeInstanceOf(InvalidLinkError);
      const moved = await db().account.findUniqueOrThrow({ where: { id: owner.id } });
      expect(moved.email).toBe(newEmail);
      expect(moved.emailVerifiedAt).not.toBeNull();

      const [notice] = await sentTo(oldEmail);
      expect(notice!.kind).toBe("email_change_notice");
      const noticeMessage = readMessage(smtp.received.find((m) => m.to.includes(oldEmail))!.raw);
      expect(noticeMessage.subject).toBe("Your sign-in email was changed");
      expect(noticeMessage.text).toContain(newEmail);

      const address = "10.9.8.7";
      expect(
        await signInWithPassword(db(), { email: newEmail, password: STRONG, address, attemptsPerAddress: 100 }),
      ).toMatchObject({
        ok: true,
      });
      expect(await signInWithPassword(db(), { email: oldEmail, password: STRONG, address, attemptsPerAddress: 100 })).toEqual({
        ok: false,
        reason: "invalid",
      });
    } finally {
      await smtp.close();
    }
  });

  it("a confirmation link for an address another account took in the meantime is refused with email_taken", async () => {
    const { logger } = await import("../src/platform/logger");
    const spy = vi.spyOn(logger, "warn").mockImplementation((() => undefined) as typeof logger.warn);
    try {
      const { confirmEmailChange, requestEmailChange } = await import("../src/auth/index");
      const { createAccount } = await import("../src/accounts/index");
      const owner = await account();
      const wanted = `wanted-${tag()}@example.test`;
      await requestEmailChange(db(), { accountId: owner.id, currentPassword: STRONG, newEmail: wanted });
      const [row] = await emailsTo(wanted);
      const link = linkIn(row!.text)!;
      await createAccount(db(), { email: wanted, password: STRONG });
      await expect(confirmEmailChange(db(), tokenOf(link))).rejects.toMatchObject({ code: "email_taken" });
      expect((await db().account.findUniqueOrThrow({ where: { id: owner.id } })).email).toBe(owner.email);
    } finally {
      spy.mockRestore();
    }
  });

  it("the console outbox lists newest first in cursor pages, filters by recipient, audits every read, and keeps staff mail from support", async () => {
    const { logger } = await import("../src/platform/logger");
    const spy = vi.spyOn(logger, "warn").mockImplementation((() => undefined) as typeof logger.warn);
    try {
      const { queueMail } = await import("../src/mail/index");
      const { listOutboundEmails, readOutboundEmailAsStaff } = await import("../src/support/index");
      const { createAccount } = await import("../src/accounts/index");
      const staff = await createAccount(db(), { email: `staff-${tag()}@example.test`, password: STRONG, role: "support" });
      const owner = await account();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(
          await queueMail(db(), {
            accountId: owner.id,
            to: owner.email,
            kind: "password_changed",
            subject: `n${i}`,
            text: `body ${i}`,
          }),
        );

      const first = await listOutboundEmails(db(), { recipient: owner.email.slice(0, 12).toUpperCase(), limit: 2 });
      expect(first.data.map((r) => r.id)).toEqual([ids[2], ids[1]]);
      expect(first.data[0]).not.toHaveProperty("text");
      const second = await listOutboundEmails(db(), { recipient: owner.email, cursor: first.nextCursor, limit: 2 });
      expect(second.data.map((r) => r.id)).toEqual([ids[0]]);
      expect(second.nextCursor).toBeNull();
      expect((await listOutboundEmails(db(), { recipient: `nobody-${tag()}` })).data).toEqual([]);
      await expect(listOutboundEmails(db(), { cursor: "bm9wZQ" })).rejects.toMatchObject({ code: "invalid_cursor" });

      const read = await readOutboundEmailAsStaff(db(), { emailId: ids[1]!, actorId: staff.id, actorRole: "support" });
      expect(read).toMatchObject({ to: owner.email, subject: "n1", text: "body 1" });
      const audit = await db().auditLog.findMany({ where: { actorId: staff.id } });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: "outbox.read", targetId: ids[1], targetAccountId: owner.id });
      await expect(
        readOutboundEmailAsStaff(db(), { emailId: "eml_missing", actorId: staff.id, actorRole: "support" }),
      ).rejects.toMatchObject({ code: "resource_not_found" });

      // A staff account's mail (its reset link could take the account over) is for admins only.
      const admin = await createAccount(db(), { email: `admin-${tag()}@example.test`, password: STRONG, role: "admin" });
      const staffMail = await queueMail(db(), {
        accountId: admin.id,
        to: admin.email,
        kind: "password_reset",
        subject: "Reset your password",
        text: "http://127.0.0.1/reset-password?token=x",
      });
      await expect(
        readOutboundEmailAsStaff(db(), { emailId: staffMail, actorId: staff.id, actorRole: "support" }),
      ).rejects.toMatchObject({ code: "action_not_allowed" });
      expect(await db().auditLog.count({ where: { actorId: staff.id } })).toBe(1);
      await expect(
        readOutboundEmailAsStaff(db(), { emailId: staffMail, actorId: admin.id, actorRole: "admin" }),
      ).resolves.toMatchObject({ to: admin.email });
    } finally {
      spy.mockRestore();
    }
  });
});
