/**
 * create: POST /api/v1/videos/generations (202 + polling, 2 s of gen-3.1-fast) at 50 connections,
 * against floor (a) and the minimal floor (one statement) in the same alternating rounds, and the
 * SQL statements each side sends per create.
 */
import { createOne, createSpec } from "../lib/api";
import { clearBacklog } from "../lib/backlog";
import { alternateRounds } from "../lib/load";
import { machineCpuRows, p99Row, throughputRow } from "../lib/rows";
import { statementsRow } from "../lib/statements";
import { requestPathApp, requestPathFloor, requestPathMinimalFloor } from "../lib/targets";
import type { BenchCase } from "../lib/types";

const createCase: BenchCase = {
  name: "create",
  async run(ctx) {
    const app = await requestPathApp(ctx);
    const floor = await requestPathFloor(ctx);
    const minimal = await requestPathMinimalFloor(ctx);
    const sides = await alternateRounds(ctx, "create", { minimal, floor, app }, createSpec(app.apiKey), () =>
      clearBacklog(app.databaseUrl),
    );
    const statements = {
      caseName: "create",
      requestName: "creates",
      prepare: async () => createOne,
    };
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
      throughputRow(
        "create",
        "throughput at 50 connections, minimal floor (req/s)",
        sides.app,
        sides.minimal,
        0.8,
        "minimal floor: key lookup, hold + ledger entry and insert in one statement",
      ),
      p99Row("create", "p99 latency at 50 connections, minimal floor (ms)", sides.app, sides.minimal, 1.5),
      ...machineCpuRows("create", "machine CPU per create, minimal floor (ms)", sides.app, sides.minimal),
      await statementsRow(ctx, { ...statements, metric: "SQL statements per create (incl. BEGIN/COMMIT)" }),
      await statementsRow(ctx, { ...statements, metric: "SQL statements per create, minimal floor", minimal: true }),
    ];
  },
};

export default createCase;
