import { randomBytes } from "node:crypto";
import { ApiError } from "@vgen/contracts";
import type { Db, Generation } from "@vgen/db";
import { confirmOwner, revokeAccountSessions } from "../auth";
import { logger } from "../platform";
import { outputsOf, removeOutputs, storedKeysOf } from "../storage";
import { writeAuditRow } from "../audit";
import { leaveOrganizations } from "../orgs";

/** The address a deleted account keeps: unique, unroutable (.invalid), and naming no one. */
export function tombstoneEmail(accountId: string): string {
  return `deleted-${accountId.toLowerCase()}@deleted.invalid`;
}

/**
 * The owner deletes their account (docs/architecture.md#account-deletion). Refused while a generation is
 * processing (its hold, charge and file are still moving), and while the person is an organization's
 * only owner. Otherwise, in one transaction with its audit row: the person leaves every organization
 * they belong to; every API key and session revoked; email (tombstone), name, password, two-factor
 * secret and codes, prompts, input URLs, webhook payloads, stored idempotent answers and test-balance
 * texts removed; the ledger and invoices kept as they are (financial records). The stored video
 * files are removed after the commit.
 */
export async function deleteAccount(
  db: Db,
  input: { accountId: string; password: string; code?: string | undefined; confirmation: string },
): Promise<{ filesRemoved: number }> {
  const account = await db.account.findUniqueOrThrow({
    where: { id: input.accountId },
    select: { email: true, deletedAt: true },
  });
  if (account.deletedAt) throw new ApiError("action_not_allowed", "This account is already deleted.");
  if (input.confirmation.trim().toLowerCase() !== account.email) {
    throw new ApiError("invalid_parameter", "Type your account's email address to confirm the deletion.", "confirmation");
  }
  await confirmOwner(db, input);
  const outputKeys = await db.$transaction(async (tx) => {
    // The create path's hold updates this row: locking it first means no generation starts meanwhile.
    await tx.$executeRaw`SELECT 1 FROM accounts WHERE id = ${input.accountId} FOR UPDATE`;
    const processing = await tx.generation.count({ where: { accountId: input.accountId, status: "processing" } });
    if (processing > 0) {
      throw new ApiError(
        "generations_in_progress",
        `${processing} generation${processing === 1 ? " is" : "s are"} still in progress. Wait for ${processing === 1 ? "it" : "them"} to finish or cancel ${processing === 1 ? "it" : "them"}, then delete the account.`,
      );
    }
    await leaveOrganizations(tx, input.accountId);
    // The clip and its poster frame: both show the user's content.
    const files = await tx.$queryRaw<{ outputs: unknown }[]>`
      SELECT outputs FROM generations WHERE account_id = ${input.accountId} AND outputs <> '[]'::jsonb`;
    const now = new Date();
    const keys = await tx.apiKey.updateMany({ where: { accountId: input.accountId, revokedAt: null }, data: { revokedAt: now } });
    const sessions = await revokeAccountSessions(tx, input.accountId);
    const generations = await tx.generation.updateMany({
      where: { accountId: input.accountId },
      data: { prompt: "", firstFrameUrl: null, lastFrameUrl: null, urls: [], webhookUrl: null, outputs: [] },
    });
    await tx.webhookDelivery.deleteMany({ where: { accountId: input.accountId } });
    await tx.idempotencyKey.deleteMany({ where: { accountId: input.accountId } });
    await tx.authToken.deleteMany({ where: { accountId: input.accountId } });
    await tx.recoveryCode.deleteMany({ where: { accountId: input.accountId } });
    await tx.testBalanceRequest.updateMany({ where: { accountId: input.accountId }, data: { useCase: "", response: null } });
    await tx.account.update({
      where: { id: input.accountId },
      data: {
        email: tombstoneEmail(input.accountId),
        name: null,
        passwordHash: null,
        emailVerifiedAt: null,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        webhookSecret: `whsec_${randomBytes(24).toString("base64")}`,
        deletedAt: now,
      },
    });
    await writeAuditRow(tx, {
      actorId: input.accountId,
      action: "account.delete",
      targetAccountId: input.accountId,
      details: {
        keysRevoked: keys.count,
        sessionsRevoked: sessions,
        generationsScrubbed: generations.count,
        files: files.length,
      },
    });
    return files.flatMap((f) => storedKeysOf(outputsOf(f as Pick<Generation, "outputs">)));
  });
  try {
    await removeOutputs(outputKeys);
  } catch (err) {
    // The rows no longer point at these files; an operator removes what is left (docs/operations.md).
    logger.error({ err, accountId: input.accountId, keys: outputKeys }, "account deletion: stored outputs not removed");
  }
  return { filesRemoved: outputKeys.length };
}
