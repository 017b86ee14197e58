// The mail outbox (docs/operations.md#mail): a message is a row of outbound_emails written in the
// transaction of whatever caused it, plus the pg-boss job that sends it, so a message exists exactly
// when its cause commits and survives a crash before it is sent.
import { env } from "@vgen/config";
import { newId, type Db, type MailKind, type DbOrTx } from "@vgen/db";
import { logger, MAIL_QUEUE, sendInTransaction } from "../platform";
import type { MailJob } from "./send";

export interface OutboundMail {
  /** The account the message concerns (null for none). */
  accountId: string | null;
  to: string;
  kind: MailKind;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Whether `db` is the client itself rather than one of its transactions. Not `$transaction`: a
 * transaction has one too (it nests); only the client has `$disconnect`.
 */
const isClient = (db: DbOrTx): db is Db => typeof (db as Partial<Db>).$disconnect === "function";

/**
 * Puts a message in the outbox inside the caller's transaction (or a transaction of its own when
 * given the client). Without SMTP_URL nothing will send it: it is kept as `not_sent` and printed to
 * the log, so links still reach whoever runs the server.
 */
export async function queueMail(db: DbOrTx, mail: OutboundMail): Promise<string> {
  if (isClient(db)) return db.$transaction((tx) => queueMail(tx, mail));
  const id = newId("eml");
  const deliverable = env().SMTP_URL !== undefined;
  await db.outboundEmail.create({
    data: {
      id,
      accountId: mail.accountId,
      to: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      status: deliverable ? "queued" : "not_sent",
    },
  });
  if (deliverable) await sendInTransaction(db, MAIL_QUEUE, { emailId: id, attempt: 1 } satisfies MailJob);
  else
    logger.warn(
      { emailId: id, to: mail.to, kind: mail.kind, subject: mail.subject, text: mail.text },
      `mail not sent (no SMTP_URL) to ${mail.to}: ${mail.subject}\n${mail.text}`,
    );
  return id;
}
