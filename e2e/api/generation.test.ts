import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { inspectMp4 } from "../../packages/engine/test/helpers/mp4";
import { BASE_URL, newAccount, waitForTerminal, type TestAccount } from "../support/fixtures";

let acct: TestAccount;
beforeAll(async () => {
  acct = await newAccount({ balance: "50.00" });
});

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe("a generation end to end (poll mode)", () => {
  let record: any;
  let final: any;

  it("accepts with 202 and the record in the interface's formats", async () => {
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: {
        model: "gen-3.1-pro",
        prompt: "  A lighthouse beam sweeping over a stormy sea  ",
        duration: 2,
        size: "720p",
        stream: false,
      },
    });
    expect(res.status).toBe(202);
    record = await res.json();
    expect(record.id).toMatch(/^vid_[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(record.model).toBe("gen-3.1-pro");
    expect(record.status).toBe("processing");
    expect(record.price).toBe("$0.480 / сек");
    expect(Number.isInteger(record.eta_seconds)).toBe(true);
    expect(record.eta_seconds).toBeGreaterThan(0);
    expect(record.output).toEqual([]);
    expect(record.created_at).toMatch(TIMESTAMP);
    expect(Math.abs(Date.parse(record.created_at) - Date.now())).toBeLessThan(60_000);
    expect(record.prompt).toBe("A lighthouse beam sweeping over a stormy sea");
    expect(record).toMatchObject({
      duration: 2,
      size: "720p",
      aspect_ratio: "16:9",
      billed_seconds: 4,
      cost: "$1.920",
      completed_at: null,
    });
  });

  it("completes, with a real MP4 under the CDN URL", async () => {
    final = await waitForTerminal(acct, record.id);
    expect(final.status).toBe("completed");
    expect(final.eta_seconds).toBe(0);
    expect(final.progress).toBe(100);
    expect(final.completed_at).toMatch(TIMESTAMP);
    expect(final.output).toHaveLength(1);
    expect(final.output[0]).toEqual({
      url: `${BASE_URL}/cdn/${record.id}.mp4`,
      resolution: "720p",
      duration: 2,
      poster_url: `${BASE_URL}/cdn/${record.id}.jpg`,
      expires_at: expect.stringMatching(TIMESTAMP),
      has_audio: false,
      expired: false,
    });
    // The account's default retention: 30 days from completion (docs/api.md#output-retention).
    expect(Date.parse(final.output[0].expires_at) - Date.parse(final.completed_at)).toBe(30 * 86_400_000);

    const res = await fetch(final.output[0].url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), "mp4-")), "out.mp4");
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const info = await inspectMp4(file);
    expect(info.codec).toMatch(/^avc1/);
    expect(info.width).toBe(1280);
    expect(info.height).toBe(720);
    expect(info.durationSeconds).toBeCloseTo(2, 2);
    expect(info.frameCount).toBe(48);
    expect(info.boxOrder.indexOf("moov")).toBeLessThan(info.boxOrder.indexOf("mdat"));
  });

  it("serves the poster frame as a JPEG of the video's size, cached like the MP4", async () => {
    const res = await fetch(final.output[0].poster_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    // Cacheable until the output expires, never past it.
    const maxAge = Number(/^public, max-age=(\d+), immutable$/.exec(res.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan((Date.parse(final.output[0].expires_at) - Date.now()) / 1000 - 120);
    expect(maxAge).toBeLessThanOrEqual((Date.parse(final.output[0].expires_at) - Date.now()) / 1000 + 1);
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(jpeg.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1280, 720]);
    // Only the two kinds of stored file are served; nothing else under /cdn.
    expect((await fetch(`${BASE_URL}/cdn/${record.id}.png`)).status).toBe(404);
  });

  it("serves byte ranges of the output", async () => {
    const url = final.output[0].url;
    const res = await fetch(url, { headers: { range: "bytes=0-7" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toMatch(/^bytes 0-7\/\d+$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(8);
    expect(bytes.subarray(4, 8).toString("ascii")).toBe("ftyp");
  });

  it("lists the account's generations newest first with a cursor", async () => {
    const second = await (
      await acct.call("/api/v1/videos/generations", {
        method: "POST",
        json: { model: "gen-3.1-fast", prompt: "second", duration: 1, stream: false },
      })
    ).json();
    const page1 = await (await acct.call("/api/v1/videos/generations?limit=1")).json();
    expect(page1.data.map((r: any) => r.id)).toEqual([second.id]);
    expect(page1.has_more).toBe(true);
    const page2 = await (await acct.call(`/api/v1/videos/generations?limit=1&cursor=${page1.next_cursor}`)).json();
    expect(page2.data.map((r: any) => r.id)).toEqual([record.id]);
    expect(page2.has_more).toBe(false);
  });

  it("Accept: application/json without stream:false also answers 202 JSON", async () => {
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      headers: { accept: "application/json" },
      json: { model: "gen-3.1-fast", prompt: "accept header", duration: 1 },
    });
    expect(res.status).toBe(202);
    expect((await res.json()).status).toBe("processing");
  });
});

describe("tenant isolation", () => {
  it("a second account cannot read, cancel or stream the first's generation", async () => {
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-fast", prompt: "private", duration: 1, stream: false },
    });
    const { id } = await res.json();
    const other = await newAccount();
    for (const [path, init] of [
      ["/api/v1/videos/result", { method: "POST", json: { id } }],
      ["/api/v1/videos/cancel", { method: "POST", json: { id } }],
      [`/api/v1/videos/generations/${id}/events`, {}],
    ] as const) {
      const r = await other.call(path, init as any);
      expect(r.status).toBe(404);
      expect((await r.json()).error.code).toBe("generation_not_found");
    }
    const list = await (await other.call("/api/v1/videos/generations")).json();
    expect(list.data).toEqual([]);
  });
});
