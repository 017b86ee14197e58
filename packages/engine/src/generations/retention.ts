// Output retention (docs/api.md#output-retention): a completed generation's MP4 and poster are kept
// until its `expires_at`, then deleted by the workers' sweep; the /cdn route answers
// `410 output_expired` for them from that moment, whether the sweep has run yet or not.
import type { Db } from "@vgen/db";
import { logger } from "../platform";
import { generationOfKey, outputsOf, removeOutputs, storedKeysOf, type StorageBackend } from "../storage";

/** Generations whose files are deleted per transaction; a sweep runs batches until none is left. */
const SWEEP_BATCH = 50;
/** Deleting a batch's files from a bucket may take a while; the batch's row locks are held meanwhile. */
const SWEEP_TRANSACTION = { maxWait: 10_000, timeout: 120_000 };

interface DueOutput {
  id: string;
  outputs: unknown;
}

/**
 * Deletes the stored files (MP4 and poster) of the generations whose retention has ended and marks
 * them `output_deleted_at`; returns how many. Each batch is claimed with FOR UPDATE SKIP LOCKED, so
 * several workers share the work without overlap; its files are removed while the rows are locked
 * and the mark commits after, so a crash in between leaves the rows for the next sweep (removing a
 * file that is already gone is not an error). A second sweep finds nothing.
 */
export async function sweepExpiredOutputs(db: Db, opts: { now?: Date; store?: StorageBackend } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  let total = 0;
  for (;;) {
    const swept = await db.$transaction(async (tx) => {
      const due = await tx.$queryRaw<DueOutput[]>`
        SELECT id, outputs FROM generations
         WHERE expires_at <= ${now} AND output_deleted_at IS NULL
         ORDER BY expires_at LIMIT ${SWEEP_BATCH}
         FOR UPDATE SKIP LOCKED`;
      if (due.length === 0) return 0;
      // Every output's video and poster (a request for `n` stored n of each).
      const keys = due.flatMap((g) => storedKeysOf(outputsOf({ outputs: g.outputs as never })));
      await removeOutputs(keys, opts.store);
      await tx.$executeRaw`UPDATE generations SET output_deleted_at = ${now} WHERE id = ANY(${due.map((g) => g.id)}::text[])`;
      return due.length;
    }, SWEEP_TRANSACTION);
    total += swept;
    if (swept < SWEEP_BATCH) break;
  }
  if (total) logger.info({ count: total }, "deleted outputs past their retention");
  return total;
}

/** What the /cdn route needs to know about a stored key before serving it. */
export interface OutputRetention {
  expired: boolean;
  /** Seconds a cache may keep the file: until it expires (null when it has no expiry). */
  maxAgeSeconds: number | null;
}

/**
 * The retention of the generation a /cdn key belongs to (one of its MP4s or posters): one primary-key
 * read. Null when no generation has that key (the caller answers from storage alone).
 */
export async function outputRetention(db: Db, key: string, now: Date = new Date()): Promise<OutputRetention | null> {
  const id = generationOfKey(key);
  if (!id) return null;
  const [row] = await db.$queryRaw<{ expiresAt: Date | null; deleted: boolean }[]>`
    SELECT expires_at AS "expiresAt", output_deleted_at IS NOT NULL AS deleted FROM generations
     WHERE id = ${id} AND EXISTS (SELECT 1 FROM jsonb_array_elements(outputs) o WHERE o->>'key' = ${key} OR o->>'poster_key' = ${key})`;
  if (!row) return null;
  if (row.deleted || (row.expiresAt && row.expiresAt <= now)) return { expired: true, maxAgeSeconds: 0 };
  return {
    expired: false,
    maxAgeSeconds: row.expiresAt ? Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000) : null,
  };
}

/** Whether a record shows its output as expired: the time has passed, or the sweep already deleted the files. */
export function outputExpired(g: { expiresAt: Date | null; outputDeletedAt: Date | null }, now: Date): boolean {
  return g.outputDeletedAt !== null || (g.expiresAt !== null && g.expiresAt <= now);
}
