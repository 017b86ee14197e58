/**
 * create: POST /api/v1/videos/generations (202 + polling, 2 s of gen-3.1-fast) at 50 connections,
 * against floor (a), and the SQL statements each side sends per create.
 */
import { createOne, createSpec } from "../lib/api";
import { clearBacklog } from "../lib/backlog";
import { alternateRounds } from "../lib/load";
import { p99Row, throughputRow } from "../lib/rows";
import { statementsRow } from "../lib/statements";
import { requestPathApp, requestPathFloor } from "../lib/targets";
import type { BenchCase } from "../lib/types";

const createCase: BenchCase = {
  name: "create",
  async run(ctx) {
    const app = await requestPathApp(ctx);
    const floor = await requestPathFloor(ctx);
    const sides = await alternateRounds(ctx, "create", { floor, app }, createSpec(app.apiKey), () =>
      clearBacklog(app.databaseUrl),
    );
    return [
      throughputRow(
        "create",
        "throughput at 50 connections (req/s)",
        sides.app,
        sides.floor,
        0.5,
        "request path: web only, no worker; each round starts with an empty queue",
      ),
      p99Row("create", "p99 latency at 50 connections (ms)", sides.app, sides.floor, 2),
      await statementsRow(ctx, {
        caseName: "create",
        metric: "SQL statements per create (incl. BEGIN/COMMIT)",
        requestName: "creates",
        prepare: async () => createOne,
      }),
    ];
  },
};

export default createCase;
