/**
 * production: create and poll throughput on the production path — REDIS_URL set (when a Redis
 * answers), WORKER_MODE=off on web and a separate `ops worker` process taking every job — against
 * the same floors on the same database. The worker fails each job at once instead of rendering
 * (see lib/app.ts): its database work is in the measurement, a render's CPU is not.
 */
import { createMany, createSpec, pollSpec } from "../lib/api";
import { clearBacklog } from "../lib/backlog";
import { alternateRounds } from "../lib/load";
import { throughputRow } from "../lib/rows";
import { productionPathApp, productionPathFloor } from "../lib/targets";
import type { BenchCase } from "../lib/types";

const productionCase: BenchCase = {
  name: "production",
  async run(ctx) {
    if (!ctx.redisUrl) ctx.log("production: no Redis answered; rate limits stay in PostgreSQL");
    const app = await productionPathApp(ctx);
    const floor = await productionPathFloor(ctx);
    const setup = `${ctx.redisUrl ? "REDIS_URL" : "no Redis"} + separate worker`;
    // The worker keeps the app's own queue short; the floor's generations have no job, so they are cleared.
    const create = await alternateRounds(ctx, "production create", { floor, app }, createSpec(app.apiKey), () =>
      clearBacklog(app.databaseUrl),
    );
    await clearBacklog(app.databaseUrl);
    const ids = await createMany(app.baseUrl, app.apiKey, ctx.short ? 50 : 200);
    const poll = await alternateRounds(ctx, "production poll", { floor, app }, pollSpec(app.apiKey, ids));
    return [
      throughputRow(
        "production",
        "create throughput at 50 connections (req/s)",
        create.app,
        create.floor,
        0.5,
        `${setup}; p99 app ${create.app.p99.toFixed(0)} ms, floor ${create.floor.p99.toFixed(0)} ms`,
      ),
      throughputRow(
        "production",
        "poll throughput at 50 connections (req/s)",
        poll.app,
        poll.floor,
        0.5,
        `${setup}; polled generations already ended by the worker; p99 app ${poll.app.p99.toFixed(0)} ms, floor ${poll.floor.p99.toFixed(0)} ms`,
      ),
    ];
  },
};

export default productionCase;
