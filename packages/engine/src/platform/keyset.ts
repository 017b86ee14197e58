import { ApiError, isId, type IdPrefix } from "@vgen/contracts";

/** A position in a newest-first list ordered by (created_at, id): pages never skip or repeat rows. */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(p: KeysetPosition): string {
  return Buffer.from(`${p.createdAt.toISOString()}|${p.id}`).toString("base64url");
}

const ISO_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** No row was created outside these; PostgreSQL refuses some dates JavaScript accepts (year 0000). */
const CURSOR_MIN_MS = Date.UTC(2000, 0, 1);
const CURSOR_MAX_MS = Date.UTC(9999, 11, 31);

/**
 * The instant a cursor carries, only in the form encodeCursor writes and within the range rows can
 * have: a forged date (year 0000, February 30th, far future) would otherwise reach the query and
 * fail there as a 500.
 */
export function cursorInstant(iso: string | undefined): Date | null {
  if (!iso || !ISO_FORM.test(iso)) return null;
  const at = new Date(iso);
  const ms = at.getTime();
  return Number.isNaN(ms) || ms < CURSOR_MIN_MS || ms > CURSOR_MAX_MS || at.toISOString() !== iso ? null : at;
}

/** Decodes a cursor this API issued for ids with `idPrefix`; anything else is `invalid_cursor`. */
export function decodeCursor(cursor: string, idPrefix: IdPrefix): KeysetPosition {
  const [iso, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = cursorInstant(iso);
  // Only an id of the form of ours reaches SQL.
  if (!createdAt || !isId(idPrefix, id) || rest.length > 0) {
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
  return p
    ? { createdAt: { lte: p.createdAt }, OR: [{ createdAt: { lt: p.createdAt } }, { createdAt: p.createdAt, id: { lt: p.id } }] }
    : {};
}

/** Splits a `take: limit + 1` result into the page and the next cursor. */
export function pageOf<T extends KeysetPosition>(rows: T[], limit: number): { data: T[]; nextCursor: string | null } {
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
