// Account status: staff suspend or reactivate a customer account.
import type { Db } from "@vgen/db";
import { revokeAccountSessions } from "../auth";
import { writeAuditRow } from "../audit";
import { checkReason, refuseIfDeleted, SupportError } from "./staff-action";

/** Suspends or reactivates an account (the API answers a suspended account 403 account_suspended). */
export async function setAccountStatus(
  db: Db,
  input: { accountId: string; status: "active" | "suspended"; actorId: string; reason: string },
) {
  const reason = checkReason(input.reason);
  if (input.accountId === input.actorId && input.status === "suspended")
    throw new SupportError("action_not_allowed", "You cannot suspend your own account.");
  return db.$transaction(async (tx) => {
    const account = await tx.account.findUnique({
      where: { id: input.accountId },
      select: { id: true, role: true, status: true, deletedAt: true },
    });
    if (!account) throw new SupportError("resource_not_found", `No account '${input.accountId}'.`);
    refuseIfDeleted(account, input.status === "suspended" ? "suspending" : "reactivating");
    if (input.status === "suspended" && account.role !== "user")
      throw new SupportError("action_not_allowed", "Staff accounts are not suspended from the console.");
    const moved = await tx.account.updateMany({
      where: { id: input.accountId, status: { not: input.status } },
      data: { status: input.status },
    });
    if (moved.count === 0) throw new SupportError("state_conflict", `The account is already ${input.status}.`);
    // A suspended owner is signed out everywhere at once, not when their session cookies expire.
    if (input.status === "suspended") await revokeAccountSessions(tx, input.accountId);
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: input.status === "suspended" ? "account.suspend" : "account.reactivate",
      targetAccountId: input.accountId,
      targetId: input.accountId,
      details: { reason, from: account.status, to: input.status },
    });
    return { id: input.accountId, status: input.status };
  });
}
