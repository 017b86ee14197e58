// The generations resource against a real local HTTP server speaking the API's wire format.
import { afterEach, describe, expect, it } from "vitest";
import { Vgen } from "../src/index";
import { eventStream, json, localServer, record } from "./local-server";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(handlers: Parameters<typeof localServer>[0]) {
  const server = await localServer(handlers);
  close = server.close;
  return { server, client: new Vgen({ apiKey: "vgk_test", baseUrl: server.baseUrl }) };
}

const params = { model: "gen-3.1-fast", prompt: "a boat" };
const progressing = [record({ progress: 0 }), record({ progress: 40, eta_seconds: 3 }), record({ progress: 80, eta_seconds: 1 })];
const done = record({
  status: "completed",
  progress: 100,
  eta_seconds: 0,
  output: [{ url: "http://cdn/x.mp4", resolution: "720p", duration: 2 }],
});

describe("generations", () => {
  it("create with { stream: true } yields each record as a typed event, asking for text/event-stream", async () => {
    const { server, client } = await setup([eventStream([...progressing, done])]);
    const stream = await client.generations.create(params, { stream: true });
    expect(stream.request_id).toBe("req_stream");
    const events = [];
    for await (const event of stream) events.push(event);
    expect(events.map((e) => [e.sequence, e.data.progress])).toEqual([
      [1, 0],
      [2, 40],
      [3, 80],
      [4, 100],
    ]);
    expect(events.at(-1)!.data.status).toBe("completed");
    expect(server.requests[0]!.headers.accept).toBe("text/event-stream");
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ ...params, stream: true });
  });

  it("createAndWait reports progress and returns the terminal record", async () => {
    const { client } = await setup([eventStream([...progressing, done])]);
    const seen: number[] = [];
    const final = await client.generations.createAndWait(params, { onProgress: (r) => seen.push(r.progress) });
    expect(final.status).toBe("completed");
    expect(seen).toEqual([0, 40, 80]);
  });

  it("createAndWait in poll mode creates with stream: false and polls", async () => {
    const { server, client } = await setup([json(202, record()), json(200, record({ progress: 50 })), json(200, done)]);
    const seen: number[] = [];
    const final = await client.generations.createAndWait(params, {
      mode: "poll",
      pollIntervalMs: 10,
      onProgress: (r) => seen.push(r.progress),
    });
    expect(final.status).toBe("completed");
    expect(seen).toEqual([0, 50]);
    expect(JSON.parse(server.requests[0]!.body).stream).toBe(false);
  });

  it("list walks every page with the previous page's cursor; listPage returns one page", async () => {
    const { server, client } = await setup([
      json(200, { object: "list", data: [record({ id: "vid_3" }), record({ id: "vid_2" })], has_more: true, next_cursor: "c1" }),
      json(200, { object: "list", data: [record({ id: "vid_1" })], has_more: false, next_cursor: null }),
    ]);
    const ids: string[] = [];
    for await (const generation of client.generations.list({ limit: 2 })) ids.push(generation.id);
    expect(ids).toEqual(["vid_3", "vid_2", "vid_1"]);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/api/v1/videos/generations?limit=2",
      "/api/v1/videos/generations?limit=2&cursor=c1",
    ]);
  });

  it("extends with extendFrom and joins a chain with concat: POST /api/v1/videos/concat with the last clip's id", async () => {
    const joined = record({ id: "vid_join", status: "completed", concat_of: ["vid_1", "vid_2"], cost: "$0.000" });
    const { server, client } = await setup([json(202, record({ id: "vid_2", extended_from: "vid_1" })), json(200, joined)]);
    const extension = await client.generations.create({ ...params, extendFrom: "vid_1" });
    expect(extension.extended_from).toBe("vid_1");
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ extendFrom: "vid_1" });
    const concatenated = await client.generations.concat("vid_2");
    expect(concatenated.concat_of).toEqual(["vid_1", "vid_2"]);
    expect(server.requests[1]).toMatchObject({ method: "POST", url: "/api/v1/videos/concat" });
    expect(JSON.parse(server.requests[1]!.body)).toEqual({ id: "vid_2" });
    expect(server.requests[1]!.headers["idempotency-key"]).toBeTruthy();
  });
});
