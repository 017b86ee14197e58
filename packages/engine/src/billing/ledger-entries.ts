import { ApiError, formatTimestamp, formatUsd, isId } from "@vgen/contracts";
import type { Prisma, Db, LedgerEntry, LedgerType } from "@vgen/db";
import { dayRange, cursorInstant } from "../platform";

export const LEDGER_TYPES = [
  "top_up",
  "test_credit",
  "hold",
  "hold_release",
  "charge",
  "refund",
  "adjustment",
] as const satisfies readonly LedgerType[];

export interface LedgerFilter {
  /** Only these types; empty or absent means all. */
  types?: LedgerType[];
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
}

export interface LedgerPage {
  entries: LedgerEntry[];
  nextCursor: string | null;
}

/** A filter from day strings: `from` day inclusive, `to` day inclusive (so the bound is the next midnight). */
export function ledgerFilterFromDays(input: { types?: string[]; from?: string | null; to?: string | null }): LedgerFilter {
  const types = (input.types ?? []).filter((t): t is LedgerType => (LEDGER_TYPES as readonly string[]).includes(t));
  return { types, ...dayRange(input) };
}

/** The cursor listLedgerEntries returns for the page after `e`. */
export function encodeLedgerCursor(e: Pick<LedgerEntry, "createdAt" | "type" | "id">): string {
  return Buffer.from(`${e.createdAt.toISOString()}|${e.type}|${e.id}`).toString("base64url");
}

/** Decodes a cursor listLedgerEntries (or listLedgerLines) returned; anything else is a clear `invalid_cursor` (400), never a database error. */
export function decodeLedgerCursor(cursor: string): { createdAt: Date; type: LedgerType; id: string } {
  const [at, type, id, ...rest] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = cursorInstant(at);
  if (!createdAt || !isId("led", id) || !(LEDGER_TYPES as readonly string[]).includes(type ?? "") || rest.length > 0) {
    throw new ApiError("invalid_cursor", "The cursor is not one this list returned.", "cursor");
  }
  return { createdAt, type: type as LedgerType, id };
}

function whereFor(accountId: string, filter: LedgerFilter): Prisma.LedgerEntryWhereInput {
  return {
    accountId,
    ...(filter.types && filter.types.length > 0 ? { type: { in: filter.types } } : {}),
    ...(filter.from || filter.to
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } }
      : {}),
  };
}

/** One page of an account's ledger, newest first, keyset-paginated on (created_at, type, id). */
export async function listLedgerEntries(
  db: Db,
  accountId: string,
  opts: { filter?: LedgerFilter; limit?: number; cursor?: string | null } = {},
): Promise<LedgerPage> {
  const limit = Math.min(Math.max(opts.limit ?? 25, 1), 200);
  const base = whereFor(accountId, opts.filter ?? {});
  const after = opts.cursor ? decodeLedgerCursor(opts.cursor) : null;
  const where: Prisma.LedgerEntryWhereInput = after
    ? {
        AND: [
          base,
          // Implied by the OR below; lets the index scan start at the cursor instead of filtering every newer entry.
          { createdAt: { lte: after.createdAt } },
          {
            OR: [
              { createdAt: { lt: after.createdAt } },
              { createdAt: after.createdAt, type: { in: LEDGER_TYPES.slice(0, LEDGER_TYPES.indexOf(after.type)) } },
              { createdAt: after.createdAt, type: after.type, id: { lt: after.id } },
            ],
          },
        ],
      }
    : base;
  // Ties on the millisecond (a release and a charge in one transaction) fall back to the enum's
  // declared order (hold < hold_release < charge), so the newest-first list reads in the order money moved.
  const rows = await db.ledgerEntry.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { type: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const entries = rows.slice(0, limit);
  return { entries, nextCursor: rows.length > limit ? encodeLedgerCursor(entries[entries.length - 1]!) : null };
}

/** Every matching entry, newest first, in batches (CSV export). */
export async function* iterateLedgerEntries(
  db: Db,
  accountId: string,
  filter: LedgerFilter = {},
  batch = 500,
): AsyncGenerator<LedgerEntry> {
  let cursor: string | null = null;
  do {
    const page = await listLedgerEntries(db, accountId, { filter, limit: batch, cursor });
    yield* page.entries;
    cursor = page.nextCursor;
  } while (cursor);
}

/** Available balance (ledger sum, open holds already deducted) and the amount held by running generations. */
export async function balanceSummary(db: Db, accountId: string) {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { balanceMicros: true } });
  return { availableMicros: account.balanceMicros, heldMicros: await heldMicros(db, accountId) };
}

/** What the account's live generations in progress hold (test mode holds nothing). */
export async function heldMicros(db: Db, accountId: string): Promise<bigint> {
  const held = await db.generation.aggregate({
    where: { accountId, status: "processing", livemode: true },
    _sum: { costMicros: true },
  });
  return held._sum.costMicros ?? 0n;
}

function csvCell(value: string): string {
  // Quote everything that needs it, and defuse spreadsheet formulas. Only a cell that is exactly a
  // negative amount ("-$1.500", "-1500000") is left as is: "-1+cmd|..." is still a formula.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\$?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const LEDGER_CSV_HEADER = [
  "id",
  "time",
  "type",
  "amount",
  "amount_micros",
  "balance_after",
  "balance_after_micros",
  "generation_id",
  "reference",
  "reason",
];

/** One CSV line (with CRLF) for an entry; money as formatUsd text plus exact integer micros. */
export function ledgerCsvLine(e: LedgerEntry): string {
  const format = formatUsd;
  const cells = [
    e.id,
    formatTimestamp(e.createdAt),
    e.type,
    format(e.amountMicros),
    e.amountMicros.toString(),
    format(e.balanceAfterMicros),
    e.balanceAfterMicros.toString(),
    e.generationId ?? "",
    e.reference,
    e.reason ?? "",
  ];
  return `${cells.map(csvCell).join(",")}\r\n`;
}
