import type { Id } from "@vgen/contracts";
import type { Db, LedgerEntry } from "@vgen/db";
import { generationNotFound } from "./store";
import { HISTORY_INCLUDE, type GenerationListRow } from "./history";

/** One try of a route, as the account may see it: when and how it ended, never the provider or its ids. */
export interface RouteAttemptOutcome {
  id: string;
  startedAt: Date;
  endedAt: Date | null;
  outcome: string | null;
}

export interface GenerationDetail {
  generation: GenerationListRow;
  routeAttempts: RouteAttemptOutcome[];
  ledger: LedgerEntry[];
}

/** A generation of one account with its route attempts and money movements; another account's id is not found. */
export async function getGenerationDetail(db: Db, accountId: Id<"acct">, id: string): Promise<GenerationDetail> {
  const generation = await db.generation.findFirst({
    where: { id, accountId },
    include: HISTORY_INCLUDE,
  });
  if (!generation) throw generationNotFound(id);
  const [routeAttempts, ledger] = await Promise.all([
    db.routeAttempt.findMany({
      where: { generationId: id },
      select: { id: true, startedAt: true, endedAt: true, outcome: true },
      orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    }),
    db.ledgerEntry.findMany({
      where: { generationId: id, accountId },
      orderBy: [{ createdAt: "asc" }, { type: "asc" }, { id: "asc" }],
    }),
  ]);
  return { generation, routeAttempts, ledger };
}
