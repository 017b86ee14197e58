/**
 * The app and floor configurations the request cases share, each started once per run (and again
 * for the next case if its process died):
 *   request path     web only (WORKER_MODE=off), rate limits in memory: the cost of a request itself;
 *   production path  web with REDIS_URL and WORKER_MODE=off, plus a separate `ops worker` process;
 *   counted          the request path again, its database connections through a statement counter.
 * Each floor uses its app's database, so both sides read and write the same tables and rows.
 */
import { startApp, type BenchApp } from "./app";
import { startApiFloor, type RunningFloor } from "./floor";
import { shared } from "./shared";
import type { BenchContext } from "./types";

export function requestPathApp(ctx: BenchContext): Promise<BenchApp> {
  return shared("app:request-path", () => startApp(ctx, { label: "request-path" }));
}

/** A floor per app database: an app started again (its process died) gets a new database, and a new floor. */
function floorFor(
  app: BenchApp,
  label: string,
  opts: { countStatements?: boolean; minimal?: boolean } = {},
): Promise<RunningFloor> {
  const kind = opts.minimal ? "minimal-floor" : "floor";
  return shared(`${kind}:${app.databaseUrl}`, () => startApiFloor(app.databaseUrl, label, opts));
}

export async function requestPathFloor(ctx: BenchContext): Promise<RunningFloor> {
  return floorFor(await requestPathApp(ctx), "request-path");
}

/** The minimal floor (one statement per call) on the request path's database. */
export async function requestPathMinimalFloor(ctx: BenchContext): Promise<RunningFloor> {
  return floorFor(await requestPathApp(ctx), "request-path", { minimal: true });
}

export function productionPathApp(ctx: BenchContext): Promise<BenchApp> {
  return shared("app:production-path", () =>
    startApp(ctx, { label: "production-path", redisUrl: ctx.redisUrl, separateWorker: true }),
  );
}

export async function productionPathFloor(ctx: BenchContext): Promise<RunningFloor> {
  return floorFor(await productionPathApp(ctx), "production-path");
}

export function countedApp(ctx: BenchContext): Promise<BenchApp> {
  return shared("app:counted", () => startApp(ctx, { label: "counted", countStatements: true }));
}

export async function countedFloor(ctx: BenchContext, opts: { minimal?: boolean } = {}): Promise<RunningFloor> {
  return floorFor(await countedApp(ctx), "counted", { countStatements: true, ...opts });
}
