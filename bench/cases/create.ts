/**
 * create: POST /api/v1/videos/generations (202 + polling, 2 s of gen-3.1-fast) at 50 connections,
 * against floor (a), and the SQL statements each side sends per create.
 */
import { createOne, createSpec, statementsPerRequest } from "../lib/api";
import { clearBacklog } from "../lib/backlog";
import { alternateRounds } from "../lib/load";
import { p99Row, throughputRow } from "../lib/rows";
import { countedApp, countedFloor, requestPathApp, requestPathFloor } from "../lib/targets";
import type { BenchCase, BenchContext, BenchRow } from "../lib/types";

async function statementRow(ctx: BenchContext): Promise<BenchRow> {
  const requests = ctx.short ? 20 : 50;
  ctx.log(`create: counting SQL statements over ${requests} sequential creates per side`);
  const app = await countedApp(ctx);
  const floor = await countedFloor(ctx);
  const a = await statementsPerRequest(app.statements!, () => createOne(app.baseUrl, app.apiKey).then(() => {}), requests);
  const f = await statementsPerRequest(floor.statements!, () => createOne(floor.baseUrl, app.apiKey).then(() => {}), requests);
  return {
    case: "create",
    metric: "SQL statements per create (incl. BEGIN/COMMIT)",
    unit: "statements",
    app: Math.round(a.perRequest * 10) / 10,
    floor: Math.round(f.perRequest * 10) / 10,
    better: "lower",
    target: null,
    met: null,
    note:
      `counted at the PostgreSQL protocol (Query + Execute messages) over ${requests} sequential creates; ` +
      `idle background subtracted: app ${a.backgroundPerSecond.toFixed(2)}/s, floor ${f.backgroundPerSecond.toFixed(2)}/s`,
  };
}

const createCase: BenchCase = {
  name: "create",
  async run(ctx) {
    const app = await requestPathApp(ctx);
    const floor = await requestPathFloor(ctx);
    const sides = await alternateRounds(ctx, "create", { floor, app }, createSpec(app.apiKey), () => clearBacklog(app.databaseUrl));
    return [
      throughputRow("create", "throughput at 50 connections (req/s)", sides.app, sides.floor, 0.5, "request path: web only, no worker; each round starts with an empty queue"),
      p99Row("create", "p99 latency at 50 connections (ms)", sides.app, sides.floor, 2),
      await statementRow(ctx),
    ];
  },
};

export default createCase;
