/**
 * Taking a route for a generation (docs/providers.md#routes): the first enabled route, in position
 * order, that can produce the request, is configured, whose breaker lets it through and that has a
 * free slot. Taking it records the submit intent in the same transaction, under the route's row
 * lock, so no route ever runs more jobs than its limit and no job is submitted without a trace.
 */
import { type Db, type Generation, type ModelRoute, newId, type Tx } from "@vgen/db";
import { breakerDecision, startProbe, LOCAL_PROVIDER, routeRefusal, targetFor } from "../providers";
import { QUEUE_PRIORITY } from "../platform";

export type RouteChoice =
  | { kind: "taken"; route: ModelRoute; attemptId: string }
  /** Every route that could serve it is busy or cooling down: wait in the priority queue. */
  | { kind: "wait" }
  /** No route can serve it at all (none configured, none able to produce the request). */
  | { kind: "none"; reason: string };

/** The routes of a model that can produce this generation, in the order they are tried. */
export async function candidateRoutes(db: Db, gen: Generation): Promise<{ routes: ModelRoute[]; reason: string }> {
  const all = await db.modelRoute.findMany({
    where: { modelId: gen.modelId, enabled: true },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
  });
  const request = {
    duration: gen.duration,
    size: gen.size,
    aspectRatio: gen.aspectRatio,
    firstFrame: !!gen.firstFrameUrl,
    lastFrame: !!gen.lastFrameUrl,
    references: gen.urls.length,
    audio: gen.generateAudio,
    negativePrompt: gen.negativePrompt !== null,
    extension: gen.extendedFrom !== null,
    outputs: gen.n,
  };
  const reasons: string[] = [];
  const routes = all.filter((route) => {
    if (route.provider !== LOCAL_PROVIDER && !targetFor(route)) {
      reasons.push(`route ${route.id}: credentials ${route.credentials ?? "(none)"} not configured`);
      return false;
    }
    const refusal = routeRefusal(route, request);
    if (refusal) reasons.push(`route ${route.id}: ${refusal.reason}`);
    return !refusal;
  });
  return { routes, reason: reasons.join("; ") || "the model has no enabled route" };
}

const RANK = Object.entries(QUEUE_PRIORITY).sort(([, a], [, b]) => b - a);

/**
 * Takes the first usable route with a free slot, or says to wait. A generation also waits while an
 * earlier one of the same model in a higher or equal priority queue is waiting, so slots go out in
 * priority order, then first come first served.
 */
export async function takeRoute(db: Db, gen: Generation, routes: ModelRoute[]): Promise<RouteChoice> {
  if (!routes.length) return { kind: "none", reason: "no route" };
  const myRank = RANK.findIndex(([q]) => q === gen.queue);
  const ahead = RANK.slice(0, myRank).map(([q]) => q);
  return db.$transaction(async (tx) => {
    const earlier = await tx.generation.count({
      where: {
        modelId: gen.modelId,
        status: "processing",
        routeId: null,
        waitingSince: { not: null },
        id: { not: gen.id },
        OR: [{ queue: { in: ahead as Generation["queue"][] } }, { queue: gen.queue, createdAt: { lt: gen.createdAt } }],
      },
    });
    if (earlier > 0) return markWaiting(tx, gen);
    for (const candidate of routes) {
      // The row lock serializes every worker's count-then-take on this route.
      const [route] = await tx.$queryRaw<ModelRoute[]>`SELECT id FROM model_routes WHERE id = ${candidate.id} FOR UPDATE`;
      if (!route) continue;
      const fresh = await tx.modelRoute.findUniqueOrThrow({ where: { id: candidate.id } });
      if (!fresh.enabled) continue;
      const decision = breakerDecision(fresh);
      if (decision === "open") continue;
      const busy = await tx.generation.count({
        where: { routeId: fresh.id, status: "processing", submitIntentAt: { not: null } },
      });
      if (busy >= fresh.maxConcurrency) continue;
      if (decision === "probe") await startProbe(tx, fresh);
      const taken = await tx.generation.updateMany({
        where: { id: gen.id, status: "processing" },
        data: { routeId: fresh.id, submitIntentAt: new Date(), waitingSince: null },
      });
      if (taken.count === 0) return { kind: "none" as const, reason: "no longer processing" };
      const attemptId = newId("rat");
      await tx.routeAttempt.create({ data: { id: attemptId, generationId: gen.id, routeId: fresh.id } });
      return { kind: "taken" as const, route: fresh, attemptId };
    }
    return markWaiting(tx, gen);
  });
}

async function markWaiting(tx: Tx, gen: Generation): Promise<RouteChoice> {
  if (!gen.waitingSince)
    await tx.generation.updateMany({ where: { id: gen.id, waitingSince: null }, data: { waitingSince: new Date() } });
  return { kind: "wait" };
}
