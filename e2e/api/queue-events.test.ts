// `event: queue` (docs/api.md#eta): a generation waiting behind others on a capped route is told its
// place as it moves up: `queue` events (no id) with `queue_position` ≥ 1 that never rise, then it
// runs, and the stream ends with its terminal record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, newAccount, waitForTerminal } from "../support/fixtures";
import { createOwnModel, retireOwnModel } from "../support/own-model";
import { readEventStream, type ReceivedEvent } from "../support/sse";

/** A model of this file's own whose one route has no slot until the test opens one. */
let model: string;

beforeAll(async () => {
  model = await createOwnModel("queue", "queue events API test", { priceMicrosPerSecond: 100_000n, maxConcurrency: 0 });
});

afterAll(() => retireOwnModel(model));

/** Resolves once `events` holds one that `match` accepts (the stream is still being read). */
async function until(events: ReceivedEvent[], what: string, match: (e: ReceivedEvent) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!events.some(match)) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms; got ${events.map((e) => e.data).join(" | ")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const place = (e: ReceivedEvent) => JSON.parse(e.data).queue_position as number | null | undefined;

describe("event: queue", () => {
  it("a generation behind others is told its place as it moves up, never a rise, then its terminal record", async () => {
    const acct = await newAccount({ balance: "20.00" });
    const ahead: string[] = [];
    for (const prompt of ["first in line", "second in line", "third in line"]) {
      const res = await acct.call("/api/v1/videos/generations", {
        method: "POST",
        json: { model, prompt, duration: 2, stream: false },
      });
      expect(res.status).toBe(202);
      ahead.push((await res.json()).id);
    }

    const sentAt = Date.now();
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model, prompt: "fourth in line, streamed", duration: 2 },
    });
    expect(res.status).toBe(200);
    const events: ReceivedEvent[] = [];
    const read = readEventStream(res, sentAt, (e) => events.push(e));

    // The route has no slot yet: all four wait, this one behind the three.
    await until(events, "first record", () => true);
    const first = JSON.parse(events[0]!.data);
    expect(events[0]!.event).toBe("generation");
    expect(first.queue_position).toBe(4);
    // Two ahead of it leave the queue: it is told each move up, as it happens.
    for (const [i, id] of ahead.slice(0, 2).entries()) {
      expect((await acct.call("/api/v1/videos/cancel", { method: "POST", json: { id } })).status).toBe(200);
      await until(events, `queue_position ${3 - i}`, (e) => e.event === "queue" && place(e) === 3 - i);
    }
    // A slot opens: the one left ahead runs, then this one, to the end.
    await db().modelRoute.updateMany({ where: { modelId: model }, data: { maxConcurrency: 1 } });
    await read;

    const queued = events.filter((e) => e.event === "queue");
    expect(queued.length).toBeGreaterThanOrEqual(2);
    for (const e of queued) {
      const moved = JSON.parse(e.data);
      expect(Object.keys(moved).sort()).toEqual(["eta_seconds", "queue_position"]);
      expect(moved.queue_position).toBeGreaterThanOrEqual(1);
      expect(moved.eta_seconds).toBeGreaterThanOrEqual(0);
    }

    // Every place shown, by a record or a queue event, in order: never higher than the one before.
    const places = events.map(place).filter((p): p is number => typeof p === "number");
    expect(places).toEqual([...places].sort((a, b) => b - a));
    expect(places.at(-1)).toBeLessThan(places[0]!);

    // It ends with its terminal record, run once the one left ahead had its turn.
    const last = events.at(-1)!;
    expect(last.event).toBe("generation");
    const done = JSON.parse(last.data);
    expect(done).toMatchObject({ id: first.id, status: "completed", queue_position: null });
    expect(events.filter((e) => e.event === "generation" && JSON.parse(e.data).status !== "processing")).toHaveLength(1);
    expect((await waitForTerminal(acct, ahead[2]!)).status).toBe("completed");
  }, 240_000);
});
