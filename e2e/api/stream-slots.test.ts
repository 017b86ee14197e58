/**
 * One account cannot hold more than MAX_OPEN_STREAMS_PER_ACCOUNT (100) event streams open on a web
 * process (docs/api.md#stream-format): the next is 429 too_many_open_streams, a create that would
 * stream is refused before anything is held, and other accounts keep streaming.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceOf, db, newAccount, type TestAccount } from "../support/fixtures";
import { stalledReferenceServer } from "../support/stalled-reference";

const LIMIT = 100;
let reference: Awaited<ReturnType<typeof stalledReferenceServer>>;
/**
 * The open streams, each with its Response: undici closes the connection of a Response the
 * garbage collector takes with its body unread, which freed slots at random and let a 101st open.
 */
const streams: { controller: AbortController; res: Response }[] = [];

beforeAll(async () => {
  reference = await stalledReferenceServer();
});
afterAll(async () => {
  for (const s of streams) s.controller.abort();
  await reference.close();
});

/** A generation that stays processing (its worker waits on the stalled reference) until canceled. */
async function stalledGeneration(acct: TestAccount): Promise<string> {
  const res = await acct.call("/api/v1/videos/generations", {
    method: "POST",
    json: { stream: false, model: "gen-3.1-fast", prompt: "stream slots", duration: 1, firstFrameUrl: reference.url },
  });
  expect(res.status).toBe(202);
  return (await res.json()).id;
}

/** Opens the generation's event stream and keeps it open; resolves with the response once its headers arrive. */
async function openStream(acct: TestAccount, id: string): Promise<Response> {
  const controller = new AbortController();
  const res = await acct.call(`/api/v1/videos/generations/${id}/events`, { signal: controller.signal });
  if (res.status === 200) streams.push({ controller, res });
  return res;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("open event streams per account", () => {
  it("the 101st stream and a streaming create are 429 too_many_open_streams; polling and other accounts are unaffected", async () => {
    const acct = await newAccount({ balance: "10.00" });
    const id = await stalledGeneration(acct);
    // In batches below the account's 100 requests per second.
    for (const batch of [40, 40, 20]) {
      const opened = await Promise.all(Array.from({ length: batch }, () => openStream(acct, id)));
      expect(opened.map((r) => r.status)).toEqual(Array(batch).fill(200));
      await pause(1100);
    }
    expect(streams).toHaveLength(LIMIT);

    const refused = await openStream(acct, id);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    const body = await refused.json();
    expect(body.error).toMatchObject({ code: "too_many_open_streams", type: "rate_limit_error" });
    expect(body.error.doc_url).toMatch(/\/errors#too_many_open_streams$/);

    // A create that would answer with a stream is refused before anything is held.
    const balance = await balanceOf(acct.id);
    const streamed = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { stream: true, model: "gen-3.1-fast", prompt: "one stream too many", duration: 1 },
    });
    expect(streamed.status).toBe(429);
    expect((await streamed.json()).error.code).toBe("too_many_open_streams");
    expect(await balanceOf(acct.id)).toBe(balance);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(1);

    // Polling needs no stream.
    const polled = await stalledGeneration(acct);

    // Another account streams as usual.
    const other = await newAccount({ balance: "5.00" });
    const otherStream = await openStream(other, await stalledGeneration(other));
    expect(otherStream.status).toBe(200);

    // A stream the client closes frees its slot.
    streams.shift()!.controller.abort();
    let reopened: Response | null = null;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await pause(200)) {
      reopened = await openStream(acct, id);
      if (reopened.status === 200) break;
    }
    expect(reopened?.status).toBe(200);

    for (const [a, gen] of [
      [acct, id],
      [acct, polled],
      [other, (await db().generation.findFirstOrThrow({ where: { accountId: other.id } })).id],
    ] as const)
      expect((await a.call("/api/v1/videos/cancel", { method: "POST", json: { id: gen } })).status).toBe(200);
  });
});
