/**
 * poll: POST /api/v1/videos/result for existing generations (created through the app first,
 * polled round-robin) at 50 connections, against floor (b).
 */
import { createMany, pollOne, pollSpec, statementsPerRequest } from "../lib/api";
import { clearBacklog } from "../lib/backlog";
import { alternateRounds } from "../lib/load";
import { p99Row, throughputRow } from "../lib/rows";
import { countedApp, countedFloor, requestPathApp, requestPathFloor } from "../lib/targets";
import type { BenchCase, BenchContext, BenchRow } from "../lib/types";

async function statementRow(ctx: BenchContext): Promise<BenchRow> {
  const requests = ctx.short ? 20 : 50;
  ctx.log(`poll: counting SQL statements over ${requests} sequential polls per side`);
  const app = await countedApp(ctx);
  const floor = await countedFloor(ctx);
  const ids = await createMany(app.baseUrl, app.apiKey, 10);
  let next = 0;
  const a = await statementsPerRequest(app.statements!, () => pollOne(app.baseUrl, app.apiKey, ids[next++ % ids.length]!), requests);
  const f = await statementsPerRequest(floor.statements!, () => pollOne(floor.baseUrl, app.apiKey, ids[next++ % ids.length]!), requests);
  return {
    case: "poll",
    metric: "SQL statements per poll",
    unit: "statements",
    app: Math.round(a.perRequest * 10) / 10,
    floor: Math.round(f.perRequest * 10) / 10,
    better: "lower",
    target: null,
    met: null,
    note: `counted at the PostgreSQL protocol over ${requests} sequential polls; idle background subtracted: app ${a.backgroundPerSecond.toFixed(2)}/s`,
  };
}

const pollCase: BenchCase = {
  name: "poll",
  async run(ctx) {
    const app = await requestPathApp(ctx);
    const floor = await requestPathFloor(ctx);
    const count = ctx.short ? 50 : 200;
    await clearBacklog(app.databaseUrl);
    ctx.log(`poll: creating ${count} generations through the app to poll`);
    const ids = await createMany(app.baseUrl, app.apiKey, count);
    const sides = await alternateRounds(ctx, "poll", { floor, app }, pollSpec(app.apiKey, ids));
    return [
      throughputRow("poll", "throughput at 50 connections (req/s)", sides.app, sides.floor, 0.5, `${count} processing generations (the whole queue), round-robin`),
      p99Row("poll", "p99 latency at 50 connections (ms)", sides.app, sides.floor, null),
      await statementRow(ctx),
    ];
  },
};

export default pollCase;
