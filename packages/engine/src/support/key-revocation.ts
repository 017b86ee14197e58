// Key revocation: staff revoke a live API key of any account.
import type { Db } from "@vgen/db";
import { writeAuditRow } from "../audit";
import { apiKeyRevokedMail, notifyOwner } from "../mail";
import { checkReason, refuseIfDeleted, SupportError } from "./staff-action";

/** Revokes one live key of any account, as staff. */
export async function revokeKeyAsStaff(db: Db, input: { keyId: string; actorId: string; reason: string }) {
  const reason = checkReason(input.reason);
  return db.$transaction(async (tx) => {
    const key = await tx.apiKey.findUnique({
      where: { id: input.keyId },
      select: { id: true, accountId: true, prefix: true, name: true, account: { select: { deletedAt: true } } },
    });
    if (!key) throw new SupportError("resource_not_found", `No API key '${input.keyId}'.`);
    refuseIfDeleted(key.account, "revoking its keys (deletion revoked them all)");
    const at = new Date();
    const moved = await tx.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: at } });
    if (moved.count === 0) throw new SupportError("state_conflict", `Key ${key.prefix}… is already revoked.`);
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "api_key.revoke",
      targetAccountId: key.accountId,
      targetId: key.id,
      details: { prefix: key.prefix, name: key.name, reason },
    });
    await notifyOwner(tx, key.accountId, (locale) =>
      apiKeyRevokedMail({ name: key.name, prefix: key.prefix, at, bySupport: true }, locale),
    );
    return { id: key.id };
  });
}
