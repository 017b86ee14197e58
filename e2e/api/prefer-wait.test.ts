// `Prefer: wait` on create: the answer is held until the generation ends (200, terminal record)
// or the wait is over (202, still processing), and said so in `Preference-Applied`.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { balanceOf, db, newAccount, waitForTerminal, type TestAccount } from "../support/fixtures";

let acct: TestAccount;
beforeAll(async () => {
  acct = await newAccount({ balance: "50.00" });
});

const create = (json: Record<string, unknown>, headers: Record<string, string>) =>
  acct.call("/api/v1/videos/generations", {
    method: "POST",
    headers,
    json: { model: "gen-3.1-fast", prompt: "A paper boat drifting down a rainy street", ...json },
  });

describe("Prefer: wait on create", () => {
  it("returns the terminal record with 200 when a short clip finishes within the wait", async () => {
    // No `stream` field and no Accept: asking to wait means a JSON answer.
    const res = await create({ duration: 1 }, { prefer: "wait=45" });
    expect(res.status).toBe(200);
    expect(res.headers.get("preference-applied")).toBe("wait=45");
    const record = await res.json();
    expect(record).toMatchObject({ status: "completed", progress: 100, eta_seconds: 0 });
    expect(record.output).toHaveLength(1);
    const mp4 = await fetch(record.output[0].url);
    expect(mp4.status).toBe(200);
    expect(
      Buffer.from(await mp4.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe("ftyp");
  });

  it("returns 202 with the processing record when the wait ends first, and the job goes on", async () => {
    const started = Date.now();
    const res = await create({ duration: 8, size: "1080p", model: "gen-3-1080", stream: false }, { prefer: "wait=1" });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(202);
    expect(res.headers.get("preference-applied")).toBe("wait=1");
    expect(elapsed).toBeGreaterThanOrEqual(900);
    const record = await res.json();
    expect(record.status).toBe("processing");
    expect((await waitForTerminal(acct, record.id)).status).toBe("completed");
  });

  it("also holds a request that has a webHook, and the callback is sent as well", async () => {
    // Needs the app started with ALLOW_PRIVATE_NETWORK_FETCH=1: the receiver listens on 127.0.0.1.
    const events: string[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        events.push(JSON.parse(body).type);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const res = await create({ duration: 1, webHook: url }, { prefer: "respond-async, wait=45" });
      expect(res.status).toBe(200);
      expect((await res.json()).status).toBe("completed");
      await expect.poll(() => events.length, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(events[0]).toBe("generation.completed");
    } finally {
      receiver.close();
    }
  });

  it("refuses a wait outside 1–60 s or not a number, and a wait on an event stream, before any hold", async () => {
    const before = await balanceOf(acct.id);
    const generations = await db().generation.count({ where: { accountId: acct.id } });
    for (const prefer of ["wait=0", "wait=61", "wait=soon", "wait=1.5"]) {
      const res = await create({ duration: 1 }, { prefer });
      expect(res.status, prefer).toBe(400);
      const { error } = await res.json();
      expect(error, prefer).toMatchObject({ code: "invalid_parameter", param: "Prefer" });
      expect(error.message, prefer).toContain("1 to 60");
    }
    for (const [json, headers] of [
      [{ duration: 1, stream: true }, { prefer: "wait" }],
      [{ duration: 1 }, { prefer: "wait=5", accept: "text/event-stream" }],
    ] as const) {
      const res = await create(json, headers);
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error).toMatchObject({ code: "invalid_parameter", param: "Prefer" });
      expect(error.message).toContain("event stream");
    }
    expect(await balanceOf(acct.id)).toBe(before);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(generations);
  });

  it("leaves requests without the header as they were: a stream by default", async () => {
    const res = await create({ duration: 1 }, { prefer: "respond-async" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("preference-applied")).toBeNull();
    await res.body?.cancel();
  });
});
