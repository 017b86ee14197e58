import { ApiError } from "@vgen/contracts";
import type { Tx } from "@vgen/db";

/**
 * Locks the organization's account row: every change of its members runs under this lock, so two
 * concurrent demotions cannot each see the other owner and leave none.
 */
export async function lockOrganization(tx: Tx, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
}

/** Called after a change, under the lock: an organization always keeps at least one owner. */
export async function assertOwnerRemains(tx: Tx, accountId: string): Promise<void> {
  const owners = await tx.membership.count({ where: { accountId, role: "owner" } });
  if (owners === 0)
    throw new ApiError("action_not_allowed", "An organization keeps at least one owner: make another member an owner first.");
}
