import { ApiError, RetentionDays } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { type MemberActor, writeMemberAuditRow } from "../audit";

/**
 * Sets how many days the account's outputs are kept (docs/api.md#output-retention). It applies to
 * generations that complete from now on: an output already completed keeps the `expires_at` its
 * record showed.
 */
export async function setRetentionDays(
  db: Db,
  accountId: string,
  days: number,
  actor?: MemberActor,
): Promise<{ retentionDays: number }> {
  const parsed = RetentionDays.safeParse(days);
  if (!parsed.success) {
    throw new ApiError(
      "invalid_parameter",
      `retention_days ${parsed.error.issues[0]?.message ?? "is invalid"}.`,
      "retention_days",
    );
  }
  return db.$transaction(async (tx) => {
    const old = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { retentionDays: true } });
    const updated = await tx.account.update({
      where: { id: accountId },
      data: { retentionDays: parsed.data },
      select: { retentionDays: true },
    });
    if (actor)
      await writeMemberAuditRow(tx, actor, {
        accountId,
        action: "settings.changed",
        details: { setting: "retention_days", from: old.retentionDays, to: updated.retentionDays },
      });
    return updated;
  });
}
