/** The "SQL statements per request" row of a request case: the app and its floor, counted alike. */
import { statementsPerRequest } from "./api";
import type { BenchApp } from "./app";
import { countedApp, countedFloor } from "./targets";
import type { BenchContext, BenchRow } from "./types";

/** Sends one request of the case to a side (its base URL) with the app's key. */
export type SideRequest = (baseUrl: string, apiKey: string) => Promise<unknown>;

/**
 * Counts each side's statements at the PostgreSQL protocol over sequential requests. `prepare`
 * readies the app's data (e.g. generations to poll) and returns the request to send.
 */
export async function statementsRow(
  ctx: BenchContext,
  spec: {
    caseName: string;
    metric: string;
    requestName: string;
    prepare(app: BenchApp): Promise<SideRequest>;
    /** Count the minimal floor's statements instead of floor (a)/(b)'s. */
    minimal?: boolean;
  },
): Promise<BenchRow> {
  const requests = ctx.short ? 20 : 50;
  ctx.log(`${spec.caseName}: counting SQL statements over ${requests} sequential ${spec.requestName} per side`);
  const app = await countedApp(ctx);
  const floor = await countedFloor(ctx, { minimal: spec.minimal });
  const send = await spec.prepare(app);
  const a = await statementsPerRequest(app.statements!, () => send(app.baseUrl, app.apiKey).then(() => {}), requests);
  const f = await statementsPerRequest(floor.statements!, () => send(floor.baseUrl, app.apiKey).then(() => {}), requests);
  return {
    case: spec.caseName,
    metric: spec.metric,
    unit: "statements",
    app: Math.round(a.perRequest * 10) / 10,
    floor: Math.round(f.perRequest * 10) / 10,
    better: "lower",
    target: null,
    met: null,
    note:
      `counted at the PostgreSQL protocol (Query + Execute messages) over ${requests} sequential ${spec.requestName}; ` +
      `idle background subtracted: app ${a.backgroundPerSecond.toFixed(2)}/s, floor ${f.backgroundPerSecond.toFixed(2)}/s`,
  };
}
