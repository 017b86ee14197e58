// Notification emails an account's owner receives (docs/api.md#notification-emails): which kinds exist
// and which of them the owner may turn off. The names are the outbox's mail kinds.
import { z } from "zod";

/** Security notices: always sent, so an owner learns of a change they did not make. */
export const SECURITY_NOTIFICATIONS = [
  "new_sign_in",
  "two_factor_enabled",
  "two_factor_disabled",
  "api_key_created",
  "api_key_revoked",
] as const;

/** Money notices the owner may turn off in the account's notification settings. */
export const OPTIONAL_NOTIFICATIONS = ["top_up_paid", "test_balance_granted", "generation_refunded"] as const;

export type SecurityNotification = (typeof SECURITY_NOTIFICATIONS)[number];
export type OptionalNotification = (typeof OPTIONAL_NOTIFICATIONS)[number];

export const OptionalNotificationKind = z.enum(OPTIONAL_NOTIFICATIONS);

/** Whether a mail kind is one the owner may turn off. */
export function isOptionalNotification(kind: string): kind is OptionalNotification {
  return (OPTIONAL_NOTIFICATIONS as readonly string[]).includes(kind);
}
