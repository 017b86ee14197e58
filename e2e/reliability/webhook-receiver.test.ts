// Drill: the customer's webhook receiver is down while generations finish, then comes back:
// every terminal event is delivered exactly once (retried while down, never repeated once received).
import { createServer, type Server } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@vgen/db";
import { freePort, startApp, type RunningApp } from "../support/app-process";
import { cleanUp, createDb, drillAccount, drillEnv, report, until } from "../support/drill";
import { NO_VIOLATIONS, checkMoneyInvariants } from "../support/invariants";

const EVENTS = 4;

describe("a webhook receiver down, then up", () => {
  let app: RunningApp | undefined;
  let db: Db | undefined;
  let receiver: Server | undefined;
  afterAll(async () => {
    await new Promise((r) => (receiver ? receiver.close(r) : r(null)));
    await cleanUp([app], [db]);
  });

  it("delivers each event exactly once after it comes back", async () => {
    // Nothing listens on the port yet: deliveries are refused until the receiver starts.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hooks/vgen`;
    app = await startApp({
      env: drillEnv({ ALLOW_PRIVATE_NETWORK_FETCH: "1", WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s,2s,2s,3s,5s,10s" }),
      label: "webhook-receiver",
    });
    db = createDb(app.databaseUrl, 2);
    const account = await drillAccount(db, app.baseUrl);

    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const res = await account.call("/api/v1/videos/generations", {
        method: "POST",
        json: { model: "gen-3.1-fast", prompt: `callback ${i}`, duration: 1, size: "720p", webHook: url },
      });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const downSince = Date.now();
    // Every event has been tried and refused at least twice while the receiver was down.
    await until(
      "every delivery to fail twice",
      async () => {
        const deliveries = await db!.webhookDelivery.findMany({
          where: { generationId: { in: ids } },
          select: { attemptCount: true, status: true },
        });
        return deliveries.length === EVENTS && deliveries.every((d) => d.attemptCount >= 2) ? deliveries : null;
      },
      90_000,
      250,
    );
    const failedWhileDown = await db.webhookAttempt.count({ where: { delivery: { generationId: { in: ids } } } });

    const received: Array<{ webhookId: string; generationId: string }> = [];
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: string; data?: { id?: string } };
        received.push({ webhookId: String(req.headers["webhook-id"]), generationId: body.data?.id ?? body.id ?? "" });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((r) => receiver!.listen(port, "127.0.0.1", r));
    const upAt = Date.now();

    await until("every event to arrive", async () => received.length >= EVENTS, 60_000, 100);
    const allArrivedAt = Date.now();
    // Past the next retry slots: nothing more may arrive.
    await new Promise((r) => setTimeout(r, 6000));

    const deliveries = await db.webhookDelivery.findMany({ where: { generationId: { in: ids } }, select: { status: true } });
    report(
      "webhook-receiver",
      `${EVENTS} events, receiver down ${((upAt - downSince) / 1000).toFixed(1)} s (${failedWhileDown} refused attempts), ` +
        `${received.length} received ${((allArrivedAt - upAt) / 1000).toFixed(1)} s after it came back, ${new Set(received.map((r) => r.webhookId)).size} distinct`,
    );
    expect(received.map((r) => r.generationId).sort()).toEqual([...ids].sort());
    expect(new Set(received.map((r) => r.webhookId)).size).toBe(EVENTS);
    expect(deliveries.map((d) => d.status)).toEqual(Array(EVENTS).fill("delivered"));
    expect(await checkMoneyInvariants(app.databaseUrl, [account.id])).toEqual(NO_VIOLATIONS);
  });
});
