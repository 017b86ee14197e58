/**
 * poll: POST /api/v1/videos/result for existing generations (created through the app first,
 * polled round-robin) at 50 connections, against floor (b) and the minimal floor (one select
 * joined to the key's hash) in the same alternating rounds.
 */
import { createMany, pollOne, pollSpec } from "../lib/api";
import { clearBacklog } from "../lib/backlog";
import { alternateRounds } from "../lib/load";
import { machineCpuRows, p99Row, throughputRow } from "../lib/rows";
import type { BenchApp } from "../lib/app";
import { type SideRequest, statementsRow } from "../lib/statements";
import { requestPathApp, requestPathFloor, requestPathMinimalFloor } from "../lib/targets";
import type { BenchCase } from "../lib/types";

const pollCase: BenchCase = {
  name: "poll",
  async run(ctx) {
    const app = await requestPathApp(ctx);
    const floor = await requestPathFloor(ctx);
    const minimal = await requestPathMinimalFloor(ctx);
    const count = ctx.short ? 50 : 200;
    await clearBacklog(app.databaseUrl);
    ctx.log(`poll: creating ${count} generations through the app to poll`);
    const ids = await createMany(app.baseUrl, app.apiKey, count);
    const sides = await alternateRounds(ctx, "poll", { minimal, floor, app }, pollSpec(app.apiKey, ids));
    const statements = {
      caseName: "poll",
      requestName: "polls",
      prepare: async (counted: BenchApp): Promise<SideRequest> => {
        const ids = await createMany(counted.baseUrl, counted.apiKey, 10);
        let next = 0;
        return (baseUrl, apiKey) => pollOne(baseUrl, apiKey, ids[next++ % ids.length]!);
      },
    };
    return [
      throughputRow(
        "poll",
        "throughput at 50 connections (req/s)",
        sides.app,
        sides.floor,
        0.5,
        `${count} processing generations (the whole queue), round-robin`,
      ),
      p99Row("poll", "p99 latency at 50 connections (ms)", sides.app, sides.floor, null),
      throughputRow(
        "poll",
        "throughput at 50 connections, minimal floor (req/s)",
        sides.app,
        sides.minimal,
        0.8,
        "minimal floor: one select of the generation joined to the key's hash",
      ),
      p99Row("poll", "p99 latency at 50 connections, minimal floor (ms)", sides.app, sides.minimal, 1.5),
      ...machineCpuRows("poll", "machine CPU per poll, minimal floor (ms)", sides.app, sides.minimal),
      await statementsRow(ctx, { ...statements, metric: "SQL statements per poll" }),
      await statementsRow(ctx, { ...statements, metric: "SQL statements per poll, minimal floor", minimal: true }),
    ];
  },
};

export default pollCase;
