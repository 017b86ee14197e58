// What every support-console action shares: the error it refuses with and the reason staff must
// give. Each action writes its audit row (audit/) in the same transaction as its change.
import { ApiError, formatTimestamp } from "@vgen/contracts";

/** A support-console action refused: a record that does not exist, a value or rule refused, or nothing left to change. */
export class SupportError extends ApiError {
  constructor(
    code: "resource_not_found" | "generation_not_found" | "invalid_parameter" | "action_not_allowed" | "state_conflict",
    message: string,
    param: string | null = null,
  ) {
    super(code, message, param);
    this.name = "SupportError";
  }
}

/** The reason staff give for an action, trimmed; refused when empty or too long. */
export function checkReason(reason: string): string {
  const text = reason.trim();
  if (text.length < 3) throw new SupportError("invalid_parameter", "Give a reason (at least 3 characters).");
  if (text.length > 500) throw new SupportError("invalid_parameter", "Keep the reason under 500 characters.");
  return text;
}

/**
 * Refuses a staff action on an account its owner deleted (accounts/delete-account.ts): its keys
 * are revoked, sign-in is gone and nobody can use a balance or a status any more.
 */
export function refuseIfDeleted(account: { deletedAt: Date | null }, action: string) {
  if (account.deletedAt)
    throw new SupportError(
      "action_not_allowed",
      `This account was deleted by its owner on ${formatTimestamp(account.deletedAt)}; ${action} is not possible on a deleted account.`,
    );
}
