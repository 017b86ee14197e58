// Sending from the outbox: one MAIL_QUEUE job is one attempt, `{ emailId, attempt }` (1-based).
// A failed attempt is recorded, and the next one scheduled (MAIL_RETRY_SCHEDULE), in one
// transaction; past the schedule the message is `failed`. pg-boss's own retries only cover a
// worker that crashed mid-job. A message the server accepted is never sent again by a later job;
// a crash between the server's answer and the bookkeeping can send it twice (at least once).
import { env } from "@vgen/config";
import type { Db } from "@vgen/db";
import { logger, MAIL_QUEUE, sendInTransaction } from "../platform";
import { sendOverSmtp } from "./transport";

export interface MailJob {
  emailId: string;
  /** 1-based number of the attempt this job makes. */
  attempt: number;
}

/** How much of an SMTP error is kept on the row. */
const LAST_ERROR_LIMIT = 500;

/** Runs one attempt (a MAIL_QUEUE job). Throws only on database errors (pg-boss retries the job). */
export async function processMailJob(db: Db, job: MailJob): Promise<void> {
  const email = await db.outboundEmail.findUnique({ where: { id: job.emailId } });
  // Sent, given up, or this attempt already recorded (a duplicate job).
  if (email?.status !== "queued" || email.attempts >= job.attempt) return;
  const { SMTP_URL, MAIL_FROM, MAIL_RETRY_SCHEDULE } = env();
  const recordedBefore = { id: email.id, status: "queued" as const, attempts: job.attempt - 1 };
  try {
    if (!SMTP_URL) throw new Error("SMTP_URL is not set on this worker");
    await sendOverSmtp(SMTP_URL, {
      from: MAIL_FROM,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: `<${email.id}@vgen>`,
    });
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, LAST_ERROR_LIMIT);
    const delay = MAIL_RETRY_SCHEDULE[job.attempt - 1];
    await db.$transaction(async (tx) => {
      const recorded = await tx.outboundEmail.updateMany({
        where: recordedBefore,
        data: { attempts: job.attempt, lastError: error, status: delay === undefined ? "failed" : "queued" },
      });
      if (recorded.count === 1 && delay !== undefined)
        await sendInTransaction(tx, MAIL_QUEUE, { emailId: email.id, attempt: job.attempt + 1 } satisfies MailJob, {
          startAfter: new Date(Date.now() + delay),
        });
    });
    logger.warn(
      { emailId: email.id, attempt: job.attempt, err: error, retryInMs: delay ?? null },
      delay === undefined ? "mail failed, no retries left" : "mail attempt failed",
    );
    return;
  }
  await db.outboundEmail.updateMany({
    where: recordedBefore,
    data: { attempts: job.attempt, status: "sent", sentAt: new Date(), lastError: null },
  });
  logger.info({ emailId: email.id, kind: email.kind, attempt: job.attempt }, "mail sent");
}
