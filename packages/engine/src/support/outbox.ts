// The mail outbox in the staff console: what was sent to whom, and whether it left. Listing shows
// no bodies; reading one is audited in the same transaction, since a body can hold a live
// password-reset or email-change link.
import type { Db } from "@vgen/db";
import { decodeCursor, olderThan, pageOf } from "../platform";
import { writeAuditRow } from "../audit";
import { SupportError } from "./staff-action";

/** Outbound emails, newest first, keyset-paginated; `recipient` matches part of the address. */
export async function listOutboundEmails(db: Db, opts: { recipient?: string; cursor?: string | null; limit?: number } = {}) {
  const limit = Math.max(1, Math.min(100, opts.limit ?? 25));
  const after = opts.cursor ? decodeCursor(opts.cursor, "eml") : null;
  const recipient = opts.recipient?.trim();
  const rows = await db.outboundEmail.findMany({
    where: { ...(recipient ? { to: { contains: recipient, mode: "insensitive" } } : {}), ...olderThan(after) },
    select: {
      id: true,
      accountId: true,
      to: true,
      subject: true,
      kind: true,
      status: true,
      attempts: true,
      lastError: true,
      createdAt: true,
      sentAt: true,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return pageOf(rows, limit);
}

/**
 * One outbound email in full, for staff; the read is recorded in the audit log. Mail of a staff
 * account is for admins only: its reset link would let a support agent take that account over
 * (the rule of account-links.ts).
 */
export async function readOutboundEmailAsStaff(
  db: Db,
  input: { emailId: string; actorId: string; actorRole: "support" | "admin" },
) {
  return db.$transaction(async (tx) => {
    const found = await tx.outboundEmail.findUnique({
      where: { id: input.emailId },
      include: { account: { select: { role: true } } },
    });
    if (!found) throw new SupportError("resource_not_found", `No outbound email '${input.emailId}'.`);
    const { account, ...email } = found;
    if (account && account.role !== "user" && input.actorRole !== "admin")
      throw new SupportError("action_not_allowed", "Only admins read mail sent to staff accounts.");
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "outbox.read",
      targetAccountId: email.accountId,
      targetId: email.id,
      details: { to: email.to, kind: email.kind },
    });
    return email;
  });
}
