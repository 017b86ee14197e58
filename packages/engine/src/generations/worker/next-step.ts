import type { Db } from "@vgen/db";
import { isDatabaseUnavailable } from "../../platform";
import { LOCAL_PROVIDER } from "../../providers";
import { failStep } from "./fail";
import { takeNextRoute } from "./failover";
import { completeFromStoredOutput } from "./output";
import { renderStep } from "./render-step";
import { again, DONE, type StepResult } from "./step-result";
import { stopUpstream, upstreamStep } from "./upstream-step";

/**
 * Runs the next step of one generation (docs/providers.md): takes a route when it has none (or
 * waits for one), then renders locally or advances its upstream job. Safe to run again after a
 * crash at any point: finishing is exactly-once and an upstream is never submitted to twice.
 */
export async function processGeneration(db: Db, generationId: string): Promise<StepResult> {
  let gen = await db.generation.findUnique({ where: { id: generationId } });
  if (!gen) return DONE;
  if (gen.status !== "processing") {
    await stopUpstream(db, gen);
    return DONE;
  }
  try {
    if (await completeFromStoredOutput(db, gen)) return DONE;
    // Test mode (docs/api.md#test-mode) is rendered here, on the local renderer, and never takes a
    // route: no upstream provider is ever called for it and it uses none of the routes' live slots.
    if (!gen.livemode) return await renderStep(db, gen);
    if (!gen.routeId) {
      const taken = await takeNextRoute(db, gen);
      if ("next" in taken) return taken.next;
      gen = taken.onRoute;
    }
    const route = gen.routeId ? await db.modelRoute.findUnique({ where: { id: gen.routeId } }) : null;
    if (!route) return again(0);
    if (route.provider === LOCAL_PROVIDER) return await renderStep(db, gen);
    return await upstreamStep(db, gen, route);
  } catch (err) {
    // Not the generation's fault: the job fails and pg-boss runs it again.
    if (isDatabaseUnavailable(err)) throw err;
    return failStep(db, gen, err);
  }
}
