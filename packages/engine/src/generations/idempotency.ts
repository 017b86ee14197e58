import { createHash } from "node:crypto";
import { ApiError } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import { env } from "@vgen/config";

/** A key is remembered this long; after it, the key may start over with any request. */
const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * A claim this request holds on a key. `token` (the request's id) guards every later write to the
 * key: once the lease has passed and a retry took the key over, the old holder's writes match nothing.
 */
export interface HeldIdempotencyClaim {
  accountId: string;
  key: string;
  token: string;
}

/** What a retry with the key is answered with. A null body with a generation means "rebuild it from the generation". */
export interface StoredResponse {
  status: number;
  body: unknown;
  generationId: string | null;
}

export type IdempotencyClaim = { kind: "new"; claim: HeldIdempotencyClaim } | ({ kind: "replay" } & StoredResponse);

export function requestFingerprint(method: string, path: string, rawBody: string): string {
  return createHash("sha256").update(`${method} ${path}\n${rawBody}`).digest("hex");
}

export function validateIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError(
      "invalid_parameter",
      `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`,
      "Idempotency-Key",
    );
  }
}

interface KeyRow {
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
  generation_id: string | null;
}

/**
 * Claims a key for this request (Stripe semantics). The primary key (account, key) makes the claim
 * atomic: of concurrent duplicates exactly one holds it, and the others replay or are told to retry.
 * A claim is leased on the database clock: one whose request died (a crash between claim and
 * response) is taken over by the next retry with the same request once its lease has passed.
 */
export async function claimIdempotencyKey(
  db: Db,
  input: { accountId: string; key: string; fingerprint: string; token: string },
): Promise<IdempotencyClaim> {
  const { accountId, key, fingerprint, token } = input;
  const lease = env().IDEMPOTENCY_LEASE_SECONDS;
  // A key deleted between the two statements below (its request failed and freed it) is claimed again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db.$queryRaw<{ claimed: boolean }[]>`
      INSERT INTO idempotency_keys AS k (account_id, key, request_hash, created_at, locked_by, locked_until)
      VALUES (${accountId}, ${key}, ${fingerprint}, now(), ${token}, now() + ${lease}::int * interval '1 second')
      ON CONFLICT (account_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, created_at = EXCLUDED.created_at, locked_by = EXCLUDED.locked_by,
          locked_until = EXCLUDED.locked_until, response_status = NULL, response_body = NULL, generation_id = NULL
        WHERE k.created_at < now() - ${IDEMPOTENCY_WINDOW_SECONDS}::int * interval '1 second'
          OR (k.response_status IS NULL AND k.request_hash = EXCLUDED.request_hash
            AND (k.locked_until IS NULL OR k.locked_until <= now()))
      RETURNING true AS claimed`;
    if (claimed.length === 1) return { kind: "new", claim: { accountId, key, token } };
    const [existing] = await db.$queryRaw<KeyRow[]>`
      SELECT request_hash, response_status, response_body, generation_id
      FROM idempotency_keys WHERE account_id = ${accountId} AND key = ${key}`;
    if (!existing) continue;
    if (existing.request_hash !== fingerprint) {
      throw new ApiError(
        "idempotency_key_reused",
        "This Idempotency-Key was used with a different request in the last 24 hours.",
        "Idempotency-Key",
      );
    }
    if (existing.response_status === null) throw inProgress();
    return {
      kind: "replay",
      status: existing.response_status,
      body: existing.response_body,
      generationId: existing.generation_id,
    };
  }
  throw inProgress();
}

/**
 * The key is held by a live request. A create answers in well under a second, so a retry in 1 s
 * usually gets its response; the lease (IDEMPOTENCY_LEASE_SECONDS) only bounds a holder that died.
 */
function inProgress(): ApiError {
  return new ApiError(
    "idempotency_request_in_progress",
    "A request with this Idempotency-Key is still in progress; retry shortly.",
    "Idempotency-Key",
    { "Retry-After": "1" },
  );
}

/** The refusal of a create whose claim a retry took over while it ran (its lease had passed). */
export function idempotencyClaimLost(): ApiError {
  return new ApiError(
    "idempotency_request_in_progress",
    "A retry with this Idempotency-Key took it over while this request ran; retry to get its response.",
    "Idempotency-Key",
    { "Retry-After": "1" },
  );
}

/** Saves the response of a request that did not store it in its own transaction. */
export async function completeIdempotencyKey(db: Db, claim: HeldIdempotencyClaim, response: StoredResponse): Promise<void> {
  await db.$executeRaw`
    UPDATE idempotency_keys
    SET response_status = ${response.status}, response_body = ${jsonOrNull(response.body)}::jsonb,
      generation_id = ${response.generationId}, locked_by = NULL, locked_until = NULL
    WHERE account_id = ${claim.accountId} AND key = ${claim.key} AND locked_by = ${claim.token} AND response_status IS NULL`;
}

/** Failed requests free the key so the client can retry with it (only successes are replayed). */
export async function releaseIdempotencyKey(db: Db, claim: HeldIdempotencyClaim): Promise<void> {
  await db.$executeRaw`
    DELETE FROM idempotency_keys
    WHERE account_id = ${claim.accountId} AND key = ${claim.key} AND locked_by = ${claim.token} AND response_status IS NULL`;
}

/** A response body as the text of a jsonb parameter (SQL NULL for none). */
export function jsonOrNull(body: unknown): string | null {
  return body === null || body === undefined ? null : JSON.stringify(body);
}
