// Every output gets a poster frame stored beside it: a JPEG of the video at its own size, from the
// local renderer's canvas or decoded from an upstream's MP4; a video that cannot be decoded is still
// delivered and charged once, without a poster.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Account, CatalogModel, Generation } from "@vgen/db";
import { newId } from "@vgen/db";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startVeoFake, type VeoFake } from "./fakes/veo";
import { testCatalogModel } from "./helpers/catalog-model";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { tinyMp4 } from "./helpers/tiny-mp4";
import { outputsOf } from "../src/storage/outputs";
import { useLocalOutputs } from "./helpers/local-outputs";

useLocalOutputs("posters", { fastUpstreams: true });

const PRICE = 100_000n; // $0.10 per second

/** A valid JPEG: starts with SOI (FF D8), ends with EOI (FF D9), and decodes to the given size. */
async function expectJpegOfSize(bytes: Buffer, width: number, height: number) {
  expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe("jpeg");
  expect([meta.width, meta.height]).toEqual([width, height]);
  // A frame of the clip, not a blank image: its pixels vary.
  const { channels } = await sharp(bytes).stats();
  expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(5);
}

/** A clip whose movie header (and so its duration) is intact but whose frames are noise. */
async function damagedMp4(): Promise<Buffer> {
  const clip = Buffer.from(await tinyMp4(2));
  for (let at = 0; at + 8 <= clip.length; ) {
    const size = clip.readUInt32BE(at);
    if (clip.toString("latin1", at + 4, at + 8) === "mdat") {
      clip.fill(0x07, at + 8, at + size);
      return clip;
    }
    at += size;
  }
  throw new Error("no mdat box");
}

describe.skipIf(!testDatabaseUrl)("poster frames", () => {
  const db = useTestDb(4);
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  let veo: VeoFake;
  let account: Account;

  beforeAll(async () => {
    engine = await loadEngine();
    veo = await startVeoFake();
    Object.assign(process.env, { UPSTREAM_POSTER_VEO_URL: veo.baseUrl, UPSTREAM_POSTER_VEO_API_KEY: veo.apiKey });
    account = await engine.createAccount(db(), { email: `posters-${Date.now()}@example.test` });
    await engine.creditAccount(db(), {
      accountId: account.id,
      amountMicros: 1_000_000_000n,
      type: "top_up",
      reason: "test",
      actor: "test",
    });
  });

  afterAll(async () => {
    await veo?.close();
    await engine?.stopBoss();
  });

  /** A model of its own whose one route is `provider`. */
  async function modelOn(provider: "local" | "veo"): Promise<CatalogModel> {
    const model = await testCatalogModel(db(), "posters", { priceMicrosPerSecond: PRICE });
    await db().modelRoute.create({
      data: {
        id: newId("rte"),
        modelId: model.id,
        position: 0,
        provider,
        upstreamModel: provider === "veo" ? "veo-3.0-generate-001" : null,
        credentials: provider === "veo" ? "poster-veo" : null,
        maxConcurrency: 10,
        costMicrosPerSecond: 40_000n,
      },
    });
    return model;
  }

  async function run(model: CatalogModel, body: { duration: number; aspectRatio?: "16:9" | "9:16" }): Promise<Generation> {
    const gen = await engine.createGeneration(db(), {
      account,
      apiKeyId: null,
      model,
      body: { model: model.id, prompt: "a paper boat on a rainy street", size: "720p", ...body },
    });
    for (let i = 0; i < 300; i++) {
      const next = await engine.processGeneration(db(), gen.id);
      if (next.done) return db().generation.findUniqueOrThrow({ where: { id: gen.id } });
      await new Promise((r) => setTimeout(r, Math.min(next.afterMs, 20)));
    }
    throw new Error(`generation ${gen.id} still running`);
  }

  const storedFile = (key: string) => readFile(path.join(process.env.OUTPUT_DIR!, key));
  const chargesOf = async (id: string) =>
    (await db().ledgerEntry.findMany({ where: { generationId: id, type: "charge" } })).map((e) => e.amountMicros);

  it("a local render stores a JPEG of the clip's own size beside the MP4, and the record links it", async () => {
    const done = await run(await modelOn("local"), { duration: 1, aspectRatio: "9:16" });
    expect(done.status).toBe("completed");
    expect(outputsOf(done)[0]?.poster_key).toBe(`${done.id}.jpg`);
    await expectJpegOfSize(await storedFile(`${done.id}.jpg`), 720, 1280);

    const record = engine.toRecord(done, { etaSeconds: 0, queuePosition: null });
    expect(record.output).toEqual([
      {
        url: `${engine.env().CDN_BASE_URL}/${done.id}.mp4`,
        resolution: "720p",
        duration: 1,
        poster_url: `${engine.env().CDN_BASE_URL}/${done.id}.jpg`,
        expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        // A request without generateAudio on a model whose default is silent.
        has_audio: false,
        expired: false,
      },
    ]);
    const served = await engine.openOutput(`${done.id}.jpg`);
    expect(served?.contentType).toBe("image/jpeg");
    expect((await engine.openOutput(`${done.id}.mp4`))?.contentType).toBe("video/mp4");
  });

  it("an upstream's MP4 is decoded for its poster, at the delivered video's size", async () => {
    const done = await run(await modelOn("veo"), { duration: 4 });
    expect(done.status).toBe("completed");
    expect(outputsOf(done)[0]?.poster_key).toBe(`${done.id}.jpg`);
    // The fake delivers 64×36 clips whatever was asked: the poster is the file's own size.
    await expectJpegOfSize(await storedFile(`${done.id}.jpg`), 64, 36);
    expect(engine.toRecord(done, { etaSeconds: 0, queuePosition: null }).output[0]?.poster_url).toBe(
      `${engine.env().CDN_BASE_URL}/${done.id}.jpg`,
    );
  });

  it("a video that cannot be decoded completes without a poster, charged once, with a warning", async () => {
    const warn = vi.spyOn(engine.logger, "warn");
    veo.nextJob({ outputBytes: await damagedMp4() });
    const done = await run(await modelOn("veo"), { duration: 4 });
    expect(done.status).toBe("completed");
    // Billed by its readable duration (the damaged clip is 2 s), as any delivered file.
    expect(outputsOf(done)[0]).toMatchObject({ delivered_ms: 2000, poster_key: null });
    expect(engine.toRecord(done, { etaSeconds: 0, queuePosition: null }).output[0]?.poster_url).toBeNull();
    expect(await chargesOf(done.id)).toEqual([-2n * PRICE]);
    expect(await engine.openOutput(`${done.id}.jpg`)).toBeNull();
    expect(
      warn.mock.calls.some(
        ([obj, msg]) => (obj as { generationId?: string }).generationId === done.id && /poster/.test(String(msg)),
      ),
    ).toBe(true);
    warn.mockRestore();
  });
});

/** The engine modules this suite drives, imported after the environment above is set. */
async function loadEngine() {
  return {
    ...(await import("../src/accounts/accounts")),
    ...(await import("../src/billing/ledger")),
    ...(await import("../src/generations/store")),
    ...(await import("../src/generations/worker/next-step")),
    ...(await import("../src/generations/public-record")),
    ...(await import("../src/platform/queue")),
    ...(await import("@vgen/config")),
    ...(await import("../src/platform/logger")),
    ...(await import("../src/storage/backend")),
  };
}
