import { createHash } from "node:crypto";
import { ApiError } from "@vgen/contracts";
import { Prisma, type Db } from "@vgen/db";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export type IdempotencyClaim =
  | { kind: "new" }
  | { kind: "replay"; status: number; body: unknown; generationId: string | null };

export function requestFingerprint(method: string, path: string, rawBody: string): string {
  return createHash("sha256").update(`${method} ${path}\n${rawBody}`).digest("hex");
}

export function validateIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError("invalid_parameter", `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`, "Idempotency-Key");
  }
}

/**
 * Claims a key for this request (Stripe semantics). The primary key (account, key) makes the
 * claim atomic, so of concurrent duplicates exactly one runs and the others wait or replay.
 */
export async function claimIdempotencyKey(db: Db, accountId: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
  // Keys older than the window are forgotten, so the key may start over.
  await db.idempotencyKey.deleteMany({ where: { accountId, key, createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS) } } });
  const inserted = await db.$executeRaw`
    INSERT INTO idempotency_keys (account_id, key, request_hash, created_at)
    VALUES (${accountId}, ${key}, ${fingerprint}, now())
    ON CONFLICT (account_id, key) DO NOTHING`;
  if (inserted === 1) return { kind: "new" };
  const existing = await db.idempotencyKey.findUnique({ where: { accountId_key: { accountId, key } } });
  if (!existing) return claimIdempotencyKey(db, accountId, key, fingerprint);
  if (existing.requestHash !== fingerprint) {
    throw new ApiError("idempotency_key_reused", "This Idempotency-Key was used with a different request in the last 24 hours.", "Idempotency-Key");
  }
  if (existing.responseStatus === null) {
    throw new ApiError("idempotency_request_in_progress", "A request with this Idempotency-Key is still in progress; retry shortly.", "Idempotency-Key");
  }
  return { kind: "replay", status: existing.responseStatus, body: existing.responseBody, generationId: existing.generationId };
}

/** Saves a successful response for replay. */
export async function completeIdempotencyKey(
  db: Db,
  accountId: string,
  key: string,
  result: { status: number; body: unknown; generationId: string | null },
): Promise<void> {
  await db.idempotencyKey.update({
    where: { accountId_key: { accountId, key } },
    data: { responseStatus: result.status, responseBody: (result.body ?? Prisma.JsonNull) as Prisma.InputJsonValue, generationId: result.generationId },
  });
}

/** Failed requests free the key so the client can retry with it (only successes are replayed). */
export async function releaseIdempotencyKey(db: Db, accountId: string, key: string): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { accountId, key, responseStatus: null } });
}
