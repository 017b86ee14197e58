// The TypeScript SDK (packages/sdk, its built output as a user installs it) against the running app.
// Needs ALLOW_PRIVATE_NETWORK_FETCH=1 (the webhook receiver listens on 127.0.0.1) and a short
// WEBHOOK_RETRY_SCHEDULE, as run-all.ts starts it.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import {
  AuthenticationError,
  ConflictError,
  type Generation,
  InsufficientBalanceError,
  InvalidRequestError,
  NotFoundError,
  Vgen,
  WebhookVerificationError,
  webhooks,
} from "@vgen/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, db, newAccount, type TestAccount } from "../support/fixtures";

let acct: TestAccount;
let client: Vgen;
let dir: string;

beforeAll(async () => {
  acct = await newAccount({ balance: "20.00" });
  client = new Vgen({ apiKey: acct.key, baseUrl: BASE_URL });
  dir = await mkdtemp(path.join(os.tmpdir(), "vgen-sdk-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** An MP4 starts with an `ftyp` box, and this server writes `moov` before the media (fast start). */
function expectMp4(bytes: Buffer) {
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
  expect(bytes.indexOf("moov")).toBeGreaterThan(0);
  expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
}

describe("SDK against the app", () => {
  it("create with { stream: true } → typed events with rising progress → terminal record → download writes the MP4", async () => {
    const stream = await client.generations.create(
      { model: "gen-3.1-fast", prompt: "A lighthouse beam sweeping over fog", duration: 2 },
      { stream: true },
    );
    expect(stream.request_id).toMatch(/^req_/);
    const records: Generation[] = [];
    const ids: number[] = [];
    for await (const event of stream) {
      expect(event.type).toBe("generation");
      ids.push(event.sequence!);
      records.push(event.data);
    }
    // Each event's id names the state it shows (docs/api.md#streams): rising, the final one 100.
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(ids.at(-1)).toBe(100);
    expect(records[0]).toMatchObject({ status: "processing", output: [], model: "gen-3.1-fast" });
    const progress = records.map((r) => r.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const done = records.at(-1)!;
    expect(done.status).toBe("completed");
    expect(records.filter((r) => r.status !== "processing")).toHaveLength(1);

    const file = path.join(dir, "clip.mp4");
    const saved = await client.download(done, file);
    const bytes = await readFile(file);
    expect(saved).toEqual({ path: file, bytes: bytes.length });
    expectMp4(bytes);
    expect((await client.generations.get(done.id)).status).toBe("completed");
  });

  it("createAndWait follows the stream with onProgress and returns the completed record", async () => {
    const seen: Generation[] = [];
    const done = await client.generations.createAndWait(
      { model: "gen-3.1-fast", prompt: "Rain on a tin roof", duration: 1 },
      { onProgress: (r) => seen.push(r) },
    );
    expect(done.status).toBe("completed");
    expect(done.output[0]!.url).toMatch(/\.mp4$/);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.id === done.id && r.status === "processing")).toBe(true);
  });

  it("list iterates across cursor pages, newest first, without repeats; listPage gives one page", async () => {
    const own = await newAccount({ balance: "5.00" });
    const mine = new Vgen({ apiKey: own.key, baseUrl: BASE_URL });
    const created: string[] = [];
    for (const prompt of ["one", "two", "three"]) {
      created.push((await mine.generations.create({ model: "gen-3.1-fast", prompt, duration: 1 })).id);
    }
    const page = await mine.generations.listPage({ limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const ids: string[] = [];
    for await (const generation of mine.generations.list({ limit: 2 })) ids.push(generation.id);
    expect(ids).toEqual([...created].reverse());
  });

  it("cancel answers the canceled record; a second cancel is a typed ConflictError", async () => {
    const created = await client.generations.create({
      model: "gen-3.1-fast",
      prompt: "A long slow pan",
      duration: 8,
      size: "1080p",
    });
    const canceled = await client.generations.cancel(created.id);
    expect(canceled).toMatchObject({ id: created.id, status: "canceled", output: [] });
    const err = await client.generations.cancel(created.id).catch((e) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ status: 409, code: "generation_not_cancelable" });
  });

  it("errors are typed and carry code, message, param, request_id and doc_url", async () => {
    const bad = await client.generations
      .create({
        model: "gen-3.1-fast",
        prompt: "x",
        urls: ["https://a.example/1.png", "https://a.example/2.png", "https://a.example/3.png", "https://a.example/4.png"],
      })
      .catch((e) => e);
    expect(bad).toBeInstanceOf(InvalidRequestError);
    expect(bad).toMatchObject({ status: 400, code: "too_many_urls", param: "urls", doc_url: `${BASE_URL}/errors#too_many_urls` });
    expect(bad.request_id).toMatch(/^req_/);
    expect(bad.message.length).toBeGreaterThan(0);

    const wrongKey = await new Vgen({ apiKey: "vgk_not_a_real_key", baseUrl: BASE_URL }).models.list().catch((e) => e);
    expect(wrongKey).toBeInstanceOf(AuthenticationError);
    expect(wrongKey).toMatchObject({ status: 401, code: "invalid_api_key", doc_url: `${BASE_URL}/errors#invalid_api_key` });

    const broke = await newAccount();
    const poor = await new Vgen({ apiKey: broke.key, baseUrl: BASE_URL }).generations
      .create({ model: "gen-3.1-fast", prompt: "x", duration: 1 })
      .catch((e) => e);
    expect(poor).toBeInstanceOf(InsufficientBalanceError);
    expect(poor).toMatchObject({ status: 402, code: "insufficient_balance" });

    await expect(client.generations.get("vid_doesnotexist")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("models.list returns the catalog", async () => {
    const models = await client.models.list();
    expect(models.object).toBe("list");
    expect(models.data.map((m) => m.id)).toContain("gen-3.1-fast");
  });

  it("webhooks.verify accepts a real callback delivered by the server and refuses it tampered or stale", async () => {
    const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const webHook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const created = await client.generations.create({ model: "gen-3.1-fast", prompt: "A kite in wind", duration: 1, webHook });
      const deadline = Date.now() + 90_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const delivery = received[0]!;
      const { webhookSecret } = await db().account.findUniqueOrThrow({ where: { id: acct.id } });

      const event = webhooks.verify(delivery.body, delivery.headers, webhookSecret);
      expect(event.type).toBe("generation.completed");
      expect(event.data).toMatchObject({ id: created.id, status: "completed" });
      expect(client.webhooks.verify(delivery.body.toString("utf8"), delivery.headers, webhookSecret).data).toMatchObject({
        id: created.id,
      });

      const tampered = Buffer.from(delivery.body.toString("utf8").replace('"completed"', '"failed"'));
      expect(() => webhooks.verify(tampered, delivery.headers, webhookSecret)).toThrow(WebhookVerificationError);
      const later = new Date((Number(delivery.headers["webhook-timestamp"]) + 301) * 1000);
      expect(() => webhooks.verify(delivery.body, delivery.headers, webhookSecret, { now: later })).toThrow(/more than 300 s/);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
