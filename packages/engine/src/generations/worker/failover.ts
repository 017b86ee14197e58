/**
 * Failover between a model's routes (docs/providers.md#routes), all of it: a generation takes the
 * first route it has not failed over from; a route that turns it away before any job of it exists
 * upstream (a refused submit, credentials gone) ends its attempt as `failed_over`, gives its slot
 * back and is not tried again; with no route left the generation fails, nothing charged.
 */
import { env } from "@vgen/config";
import type { Db, Generation } from "@vgen/db";
import { GenerationFailure } from "../../providers";
import { candidateRoutes, takeRoute } from "../route-slot";
import { endAttempt } from "./attempt";
import { failStep } from "./fail";
import { again, DONE, type StepResult } from "./step-result";

const MSG_NO_ROUTE = "No provider can produce this request right now. Nothing was charged.";

/** Routes this generation already failed over from: not tried again. */
async function failedOverRoutes(db: Db, gen: Generation): Promise<Set<string>> {
  const rows = await db.routeAttempt.findMany({
    where: { generationId: gen.id, outcome: "failed_over" },
    select: { routeId: true },
  });
  return new Set(rows.map((r) => r.routeId));
}

/**
 * Takes the next route for a generation that has none: the generation on it, or how this step ends
 * (wait for a free slot, failed with no route left, or no longer processing).
 */
export async function takeNextRoute(db: Db, gen: Generation): Promise<{ onRoute: Generation } | { next: StepResult }> {
  const excluded = await failedOverRoutes(db, gen);
  const { routes, reason } = await candidateRoutes(db, gen);
  const usable = routes.filter((r) => !excluded.has(r.id));
  if (!usable.length) {
    const detail = excluded.size ? "every route failed over" : reason;
    return { next: await failStep(db, gen, new GenerationFailure("upstream_error", MSG_NO_ROUTE, detail)) };
  }
  const choice = await takeRoute(db, gen, usable);
  if (choice.kind === "wait") return { next: again(env().ROUTE_WAIT_POLL_MS) };
  if (choice.kind === "none") return { next: DONE };
  return { onRoute: await db.generation.findUniqueOrThrow({ where: { id: gen.id } }) };
}

/**
 * Leaves the generation's route for the next one: its attempt ends as `failed_over` and its slot
 * is given back, unless the upstream holds a job of it by now (its id saved): then it keeps the route.
 */
export async function failOver(db: Db, gen: Generation, detail: string): Promise<StepResult> {
  await endAttempt(db, gen, "failed_over", { detail });
  await db.generation.updateMany({
    where: { id: gen.id, status: "processing", upstreamTaskId: null },
    data: { routeId: null, submitIntentAt: null, outcomeUnknownSince: null, reconcileBy: null },
  });
  return again(0);
}
