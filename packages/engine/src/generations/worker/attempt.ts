/** The generation's open attempt on its route (route_attempts): the record of one try at one route. */
import type { Db, Generation } from "@vgen/db";

/** What an ended attempt records besides its outcome. */
interface AttemptEnd {
  detail?: string;
  deliveredMs?: number;
  upstreamCostMicros?: bigint;
}

export async function openAttempt(db: Db, gen: Generation) {
  return db.routeAttempt.findFirst({
    where: { generationId: gen.id, routeId: gen.routeId ?? "", endedAt: null },
    orderBy: { startedAt: "desc" },
  });
}

/** Closes the open attempt on the generation's route; an attempt already closed keeps its outcome. */
export async function endAttempt(db: Db, gen: Generation, outcome: string, end: AttemptEnd = {}) {
  await db.routeAttempt.updateMany({
    where: { generationId: gen.id, routeId: gen.routeId ?? "", endedAt: null },
    data: {
      endedAt: new Date(),
      outcome,
      errorDetail: end.detail?.slice(0, 1000),
      deliveredMs: end.deliveredMs,
      upstreamCostMicros: end.upstreamCostMicros,
    },
  });
}
