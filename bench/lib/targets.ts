/**
 * The app and floor configurations the request cases share, each started once per run:
 *   request path     web only (WORKER_MODE=off), rate limits in PostgreSQL: the cost of a request itself;
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

export function requestPathFloor(ctx: BenchContext): Promise<RunningFloor> {
  return shared("floor:request-path", async () => startApiFloor((await requestPathApp(ctx)).databaseUrl, "request-path"));
}

export function productionPathApp(ctx: BenchContext): Promise<BenchApp> {
  return shared("app:production-path", () => startApp(ctx, { label: "production-path", redisUrl: ctx.redisUrl, separateWorker: true }));
}

export function productionPathFloor(ctx: BenchContext): Promise<RunningFloor> {
  return shared("floor:production-path", async () => startApiFloor((await productionPathApp(ctx)).databaseUrl, "production-path"));
}

export function countedApp(ctx: BenchContext): Promise<BenchApp> {
  return shared("app:counted", () => startApp(ctx, { label: "counted", countStatements: true }));
}

export function countedFloor(ctx: BenchContext): Promise<RunningFloor> {
  return shared("floor:counted", async () => startApiFloor((await countedApp(ctx)).databaseUrl, "counted", { countStatements: true }));
}
