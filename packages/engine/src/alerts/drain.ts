// Sends the balance alerts the outbox holds (alert_events, written in the transaction that crossed a
// threshold): the owner's email and the account event to subscribed endpoints, both queued in the
// transaction that marks the alert processed, so each alert is sent once however many workers drain.
import { formatTimestamp, formatUsd } from "@vgen/contracts";
import type { AlertEvent, Db, Tx } from "@vgen/db";
import { queueAccountEvent } from "../delivery";
import { queueMail, balanceLowMail, mailLocale, recipientsOf, spendThresholdMail } from "../mail";

/** Alerts handled per transaction; the next pass takes the rest. */
const BATCH = 20;

/**
 * One pass: takes up to BATCH unprocessed alerts (rows another worker holds are skipped, not waited
 * for), queues their email and webhook deliveries and marks them processed, all in one
 * transaction. Returns how many it handled.
 */
export async function drainAlertEvents(db: Db): Promise<number> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM alert_events WHERE processed_at IS NULL
      ORDER BY id LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED`;
    if (locked.length === 0) return 0;
    const ids = locked.map((r) => r.id);
    const alerts = await tx.alertEvent.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    for (const alert of alerts) await send(tx, alert);
    await tx.alertEvent.updateMany({ where: { id: { in: ids } }, data: { processedAt: new Date() } });
    return alerts.length;
  });
}

async function send(tx: Tx, alert: AlertEvent): Promise<void> {
  const account = await tx.account.findUnique({
    where: { id: alert.accountId },
    select: { deletedAt: true },
  });
  // A deleted account has no one to tell (its email is a tombstone).
  if (!account || account.deletedAt) return;
  // The account itself, or each owner of an organization, in their own language.
  const recipients = await recipientsOf(tx, alert.accountId);
  const common = {
    account_id: alert.accountId,
    threshold: formatUsd(alert.thresholdMicros),
    balance: formatUsd(alert.balanceMicros),
    created_at: formatTimestamp(alert.createdAt),
  };
  if (alert.kind === "balance_low") {
    for (const r of recipients) {
      const mail = balanceLowMail(
        {
          thresholdMicros: alert.thresholdMicros,
          balanceMicros: alert.balanceMicros,
          at: alert.createdAt,
        },
        mailLocale(r.locale),
      );
      await queueMail(tx, { accountId: alert.accountId, to: r.email, ...mail });
    }
    await queueAccountEvent(tx, alert.accountId, "account.balance_low", common);
    return;
  }
  const spendMicros = alert.spendMicros ?? 0n;
  const month = alert.month ?? "";
  for (const r of recipients) {
    const mail = spendThresholdMail(
      {
        thresholdMicros: alert.thresholdMicros,
        spendMicros,
        balanceMicros: alert.balanceMicros,
        month,
      },
      mailLocale(r.locale),
    );
    await queueMail(tx, { accountId: alert.accountId, to: r.email, ...mail });
  }
  await queueAccountEvent(tx, alert.accountId, "account.spend_threshold_reached", {
    account_id: alert.accountId,
    month,
    threshold: common.threshold,
    spend: formatUsd(spendMicros),
    balance: common.balance,
    created_at: common.created_at,
  });
}
