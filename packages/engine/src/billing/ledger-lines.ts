// The dashboard's ledger: a generation's hold, release, charge and refund read as one line (what the
// generation cost), every other movement as its own. Paged by the group's first entry, so a page
// never splits a group.
import { Prisma, type Db, type LedgerEntry } from "@vgen/db";
import { decodeLedgerCursor, encodeLedgerCursor, type LedgerFilter } from "./ledger-entries";

/** How a generation's money ended: refunded after its charge, charged, released unspent, or still held. */
export type GenerationOutcome = "refunded" | "charged" | "released" | "held";

export type LedgerLine =
  | { kind: "entry"; entry: LedgerEntry }
  | {
      kind: "generation";
      generationId: string;
      /** The group's first entry (its hold). */
      createdAt: Date;
      /** The sum of its entries: minus what the generation cost. */
      netMicros: bigint;
      outcome: GenerationOutcome;
      /** Oldest first, as the money moved. */
      entries: LedgerEntry[];
    };

export interface LedgerLinePage {
  lines: LedgerLine[];
  nextCursor: string | null;
}

function outcomeOf(entries: LedgerEntry[]): GenerationOutcome {
  const types = new Set(entries.map((e) => e.type));
  if (types.has("refund")) return "refunded";
  if (types.has("charge")) return "charged";
  if (types.has("hold_release")) return "released";
  return "held";
}

/** The entries that start a line: every entry without a generation, and each generation's first. */
function anchorsWhere(accountId: string, filter: LedgerFilter, after: ReturnType<typeof decodeLedgerCursor> | null) {
  const types = filter.types && filter.types.length > 0 ? filter.types : null;
  return Prisma.sql`
    e.account_id = ${accountId}
    AND (e.generation_id IS NULL OR NOT EXISTS (
      SELECT 1 FROM ledger_entries s
      WHERE s.generation_id = e.generation_id AND (s.created_at, s.type, s.id) < (e.created_at, e.type, e.id)))
    ${
      // A generation's line matches a type when any of its entries has it.
      types
        ? Prisma.sql`AND (CASE WHEN e.generation_id IS NULL THEN e.type::text = ANY(${types}::text[])
            ELSE EXISTS (SELECT 1 FROM ledger_entries m WHERE m.generation_id = e.generation_id AND m.type::text = ANY(${types}::text[])) END)`
        : Prisma.empty
    }
    ${filter.from ? Prisma.sql`AND e.created_at >= ${filter.from}` : Prisma.empty}
    ${filter.to ? Prisma.sql`AND e.created_at < ${filter.to}` : Prisma.empty}
    ${
      after
        ? Prisma.sql`AND (e.created_at, e.type, e.id) < (${after.createdAt}, ${after.type}::"LedgerType", ${after.id})`
        : Prisma.empty
    }`;
}

/** One page of an account's ledger as lines, newest first (a generation at its hold's time). */
export async function listLedgerLines(
  db: Db,
  accountId: string,
  opts: { filter?: LedgerFilter; limit?: number; cursor?: string | null } = {},
): Promise<LedgerLinePage> {
  const limit = Math.min(Math.max(opts.limit ?? 25, 1), 200);
  const after = opts.cursor ? decodeLedgerCursor(opts.cursor) : null;
  const anchors = await db.$queryRaw<{ id: string; generation_id: string | null }[]>`
    SELECT e.id, e.generation_id FROM ledger_entries e
    WHERE ${anchorsWhere(accountId, opts.filter ?? {}, after)}
    ORDER BY e.created_at DESC, e.type DESC, e.id DESC
    LIMIT ${limit + 1}`;
  const shown = anchors.slice(0, limit);
  const generationIds = shown.flatMap((a) => (a.generation_id ? [a.generation_id] : []));
  const entries = await db.ledgerEntry.findMany({
    where: {
      accountId,
      OR: [{ id: { in: shown.filter((a) => !a.generation_id).map((a) => a.id) } }, { generationId: { in: generationIds } }],
    },
    orderBy: [{ createdAt: "asc" }, { type: "asc" }, { id: "asc" }],
  });
  const byId = new Map(entries.map((e) => [e.id, e]));
  const byGeneration = new Map<string, LedgerEntry[]>();
  for (const e of entries) {
    if (e.generationId) byGeneration.set(e.generationId, [...(byGeneration.get(e.generationId) ?? []), e]);
  }
  const lines = shown.map((a): LedgerLine => {
    if (!a.generation_id) return { kind: "entry", entry: byId.get(a.id)! };
    const group = byGeneration.get(a.generation_id)!;
    return {
      kind: "generation",
      generationId: a.generation_id,
      createdAt: group[0]!.createdAt,
      netMicros: group.reduce((sum, e) => sum + e.amountMicros, 0n),
      outcome: outcomeOf(group),
      entries: group,
    };
  });
  const last = anchors.length > limit ? byId.get(shown[shown.length - 1]!.id) : undefined;
  return { lines, nextCursor: last ? encodeLedgerCursor(last) : null };
}
