import { ApiError } from "@vgen/contracts";

/** A position in a newest-first list ordered by (created_at, id): pages never skip or repeat rows. */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(p: KeysetPosition): string {
  return Buffer.from(`${p.createdAt.toISOString()}|${p.id}`).toString("base64url");
}

const ISO_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Decodes a cursor this API issued for ids with `idPrefix`; anything else is `invalid_cursor`. */
export function decodeCursor(cursor: string, idPrefix: string): KeysetPosition {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  // Only the form encodeCursor writes: a forged far-past or far-future date (valid in JS, out of
  // PostgreSQL's range) would otherwise reach the query and fail as a 500.
  if (!id || !id.startsWith(`${idPrefix}_`) || !ISO_FORM.test(iso ?? "") || Number.isNaN(createdAt.getTime())) {
    throw new ApiError("invalid_cursor", "The cursor is not one this API returned.", "cursor");
  }
  return { createdAt, id };
}

/**
 * The Prisma `where` fragment for rows after a position, newest first. The `lte` bound repeats
 * what the OR implies so PostgreSQL can start the (account_id, created_at, id) index scan at the
 * position instead of filtering every newer row (Prisma cannot write a row comparison).
 */
export function olderThan(p: KeysetPosition | null) {
  return p ? { createdAt: { lte: p.createdAt }, OR: [{ createdAt: { lt: p.createdAt } }, { createdAt: p.createdAt, id: { lt: p.id } }] } : {};
}

/** Splits a `take: limit + 1` result into the page and the next cursor. */
export function pageOf<T extends KeysetPosition>(rows: T[], limit: number): { data: T[]; nextCursor: string | null } {
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
