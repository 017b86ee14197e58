// Notification emails to an account's owner (docs/api.md#notification-emails): queued in the
// transaction of their cause, in the owner's language, unless the owner turned that kind off. An
// organization's notices go to each of its owners (recipients.ts).
import { isOptionalNotification, type Locale, type OptionalNotification, OPTIONAL_NOTIFICATIONS } from "@vgen/contracts";
import type { Db, MailKind, Tx } from "@vgen/db";
import { queueMail } from "./outbox";
import { recipientsOf } from "./recipients";
import { mailLocale } from "./templates/common";

/** What a template needs of the owner besides the language. */
export interface NoticeOwner {
  email: string;
  balanceMicros: bigint;
}

type Notice = { kind: MailKind; subject: string; text: string };

/**
 * Queues the notice `build` writes for the account's owner (each owner of an organization), in the
 * caller's transaction, so it is sent exactly when the change commits. Nothing is queued for a
 * deleted account, nor for an optional kind the recipient turned off; security kinds always go.
 * Returns the first email's id, or null when none was queued.
 */
export async function notifyOwner(
  tx: Tx,
  accountId: string,
  build: (locale: Locale, owner: NoticeOwner) => Notice,
): Promise<string | null> {
  const account = await tx.account.findUnique({ where: { id: accountId }, select: { balanceMicros: true } });
  if (!account) return null;
  let first: string | null = null;
  for (const r of await recipientsOf(tx, accountId)) {
    const notice = build(mailLocale(r.locale), { email: r.email, balanceMicros: account.balanceMicros });
    if (isOptionalNotification(notice.kind) && r.mutedNotifications.includes(notice.kind)) continue;
    const id = await queueMail(tx, { accountId, to: r.email, ...notice });
    first ??= id;
  }
  return first;
}

/** The owner's optional notices, each with whether it is on (all are on until turned off). */
export async function notificationSettings(db: Db, accountId: string) {
  const { mutedNotifications } = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { mutedNotifications: true },
  });
  return OPTIONAL_NOTIFICATIONS.map((kind) => ({ kind, enabled: !mutedNotifications.includes(kind) }));
}

/** Sets which optional notices are on: every optional kind not in `enabled` is turned off. */
export async function setNotificationSettings(db: Db, accountId: string, enabled: readonly OptionalNotification[]) {
  const muted = OPTIONAL_NOTIFICATIONS.filter((kind) => !enabled.includes(kind));
  await db.account.update({ where: { id: accountId }, data: { mutedNotifications: { set: muted } } });
  return notificationSettings(db, accountId);
}
