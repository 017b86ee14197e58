import { mkdtemp, readFile, rm, readdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dimensionsFor } from "@vgen/contracts";
import { renderVideo } from "../src/render/render-video";
import { posterFromMp4 } from "../src/storage/poster-from-mp4";
import { inspectMp4 } from "./helpers/mp4";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vgen-render-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function expectValidClip(info: Awaited<ReturnType<typeof inspectMp4>>, w: number, h: number, seconds: number) {
  expect(info.sampleEntry).toBe("avc1");
  expect(info.codec).toMatch(/^avc1\.[0-9a-f]{6}$/);
  expect(info.width).toBe(w);
  expect(info.height).toBe(h);
  expect(info.durationSeconds).toBeCloseTo(seconds, 6);
  expect(info.movieDurationSeconds).toBeCloseTo(seconds, 6);
  expect(info.frameCount).toBe(24 * seconds);
  expect(info.fps).toBeCloseTo(24, 6);
  expect(info.constantFrameRate).toBe(true);
  expect(info.fastStart).toBe(true);
  expect(info.boxOrder.indexOf("moov")).toBeLessThan(info.boxOrder.indexOf("mdat"));
  expect(info.chromaFormatIdc).toBe(1);
  expect(info.chroma).toBe("4:2:0");
  expect(info.pixelFormat).toBe("yuv420p");
}

describe("renderVideo", () => {
  it("renders 720p 16:9 2 s to a fast-start H.264 MP4 with increasing progress", async () => {
    const out = path.join(dir, "a.mp4");
    const progress: number[] = [];
    // The caller's event loop must stay responsive while rendering.
    let ticks = 0;
    const iv = setInterval(() => ticks++, 10);
    const started = Date.now();
    const res = await renderVideo(
      {
        prompt: "A lighthouse on a cliff during a thunderstorm, waves crashing",
        seed: 7,
        ...dimensionsFor("720p", "16:9"),
        durationSeconds: 2,
        outPath: out,
      },
      { onProgress: (p) => progress.push(p) },
    );
    clearInterval(iv);
    const elapsed = Date.now() - started;
    expect(res.bytes).toBe((await stat(out)).size);
    expect(res.bytes).toBeGreaterThan(10_000);
    expectValidClip(await inspectMp4(out), 1280, 720, 2);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(100);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThan(progress[i - 1]!);
    // roughly one tick per 10 ms: the loop was not blocked
    expect(ticks).toBeGreaterThan(elapsed / 10 / 3);
    // no temp files left behind
    expect((await readdir(dir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("writes the frame at 1 s as the poster: a JPEG of the clip's size showing what the MP4 shows there", async () => {
    const out = path.join(dir, "poster.mp4");
    const posterPath = path.join(dir, "poster.jpg");
    const res = await renderVideo({
      prompt: "A lighthouse on a cliff during a thunderstorm",
      seed: 11,
      ...dimensionsFor("720p", "16:9"),
      durationSeconds: 3,
      outPath: out,
      posterPath,
    });
    const poster = await readFile(posterPath);
    expect(res.posterBytes).toBe(poster.length);
    expect(res.posterError).toBeUndefined();
    expect(poster.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8])); // SOI
    expect(poster.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9])); // EOI
    const meta = await sharp(poster).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1280, 720]);

    // The same picture as the video's frame at 1 s (decoded from the MP4), not another frame.
    const pixels = (jpeg: Buffer) => sharp(jpeg).resize(160, 90).removeAlpha().raw().toBuffer();
    const meanDiff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    const mp4 = await readFile(out);
    const atOneSecond = await pixels(await posterFromMp4(mp4));
    const ours = await pixels(poster);
    expect(meanDiff(ours, atOneSecond)).toBeLessThan(4);
    const firstFrame = await renderVideo({
      prompt: "A lighthouse on a cliff during a thunderstorm",
      seed: 11,
      ...dimensionsFor("720p", "16:9"),
      durationSeconds: 1 / 24,
      outPath: path.join(dir, "first.mp4"),
      posterPath: path.join(dir, "first.jpg"),
    });
    expect(firstFrame.posterBytes).toBeGreaterThan(0);
    expect(meanDiff(ours, await pixels(await readFile(path.join(dir, "first.jpg"))))).toBeGreaterThan(4 * 2);
    expect((await readdir(dir)).filter((f) => f.endsWith(".tmp") || f.endsWith(".tmp.jpg"))).toEqual([]);
  });

  it("renders 9:16 720p 1 s", async () => {
    const out = path.join(dir, "b.mp4");
    await renderVideo({ prompt: "vertical", seed: 1, ...dimensionsFor("720p", "9:16"), durationSeconds: 1, outPath: out });
    expectValidClip(await inspectMp4(out), 720, 1280, 1);
  });

  it("cross-fades first to last frame with references", async () => {
    const mk = (r: number, g: number, b: number, w = 640, h = 480) =>
      sharp({ create: { width: w, height: h, channels: 3, background: { r, g, b } } })
        .png()
        .toBuffer();
    const firstFrame = await mk(255, 0, 0);
    const lastFrame = await sharp(await mk(0, 0, 255, 300, 900))
      .jpeg()
      .toBuffer();
    const references = [await mk(0, 255, 0, 200, 200), await mk(255, 255, 0, 100, 300)];
    const out = path.join(dir, "c.mp4");
    await renderVideo({
      prompt: "red to blue",
      seed: 3,
      width: 1280,
      height: 720,
      durationSeconds: 1,
      firstFrame,
      lastFrame,
      references,
      outPath: out,
    });
    expectValidClip(await inspectMp4(out), 1280, 720, 1);
  });

  it("frees frames as they are encoded: a 1080p render stays under 400 MB", async () => {
    const res = await renderVideo({
      prompt: "memory",
      seed: 5,
      width: 1920,
      height: 1080,
      durationSeconds: 3,
      outPath: path.join(dir, "mem.mp4"),
    });
    expect(res.frames).toBe(72);
    // Kept frames would add 8 MB each (RGBA), twice over (the canvas copy and the encoder's).
    expect(res.peakRssBytes).toBeGreaterThan(0);
    expect(res.peakRssBytes!).toBeLessThan(400 * 2 ** 20);
  });

  it("is deterministic for the same prompt and seed", async () => {
    const a = path.join(dir, "d1.mp4");
    const b = path.join(dir, "d2.mp4");
    const input = { prompt: "same", seed: 99, width: 320, height: 180, durationSeconds: 1 } as const;
    await renderVideo({ ...input, outPath: a });
    await renderVideo({ ...input, outPath: b });
    const { readFile } = await import("node:fs/promises");
    // x264 is deterministic for identical input with the same settings
    expect((await readFile(a)).equals(await readFile(b))).toBe(true);
  });

  it("renders an extension deterministically from where its chain stopped, not from the scene's start", async () => {
    const input = { prompt: "next", seed: 99, width: 320, height: 180, durationSeconds: 1 } as const;
    const continues = { prompt: "same", seed: 99, startFrame: 24, clipsBefore: 1 };
    const [a, b, fresh] = ["e1", "e2", "e3"].map((n) => path.join(dir, `${n}.mp4`)) as [string, string, string];
    await renderVideo({ ...input, continues, outPath: a });
    await renderVideo({ ...input, continues, outPath: b });
    await renderVideo({ ...input, outPath: fresh });
    const { readFile } = await import("node:fs/promises");
    expect((await readFile(a)).equals(await readFile(b))).toBe(true);
    expect((await readFile(a)).equals(await readFile(fresh))).toBe(false);
  });

  it("rejects a corrupt firstFrame with code render_failed and leaves no output", async () => {
    const out = path.join(dir, "bad.mp4");
    const err = await renderVideo({
      prompt: "x",
      seed: 1,
      width: 640,
      height: 360,
      durationSeconds: 1,
      firstFrame: Buffer.from("definitely not an image"),
      outPath: out,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe("render_failed");
    expect(err.message).toMatch(/firstFrame/);
    await expect(stat(out)).rejects.toThrow();
    expect((await readdir(dir)).filter((f) => f.startsWith("bad.mp4"))).toEqual([]);
  });

  it("rejects invalid input with render_failed", async () => {
    const base = { prompt: "x", seed: 1, width: 640, height: 360, durationSeconds: 1, outPath: path.join(dir, "inv.mp4") };
    await expect(renderVideo({ ...base, width: 641 })).rejects.toMatchObject({ code: "render_failed" });
    await expect(renderVideo({ ...base, durationSeconds: 1.01 })).rejects.toMatchObject({ code: "render_failed" });
    await expect(renderVideo({ ...base, fps: 30 as 24 })).rejects.toMatchObject({ code: "render_failed" });
  });

  it("aborts: the signal kills the child and rejects", async () => {
    const out = path.join(dir, "abort.mp4");
    const ac = new AbortController();
    const p = renderVideo(
      { prompt: "abort me", seed: 1, width: 1280, height: 720, durationSeconds: 10, outPath: out },
      {
        signal: ac.signal,
        onProgress: (pct) => {
          if (pct >= 5) ac.abort();
        },
      },
    );
    const err = await p.catch((e) => e);
    expect(err.code).toBe("aborted");
    await new Promise((r) => setTimeout(r, 300));
    await expect(stat(out)).rejects.toThrow();
    expect((await readdir(dir)).filter((f) => f.startsWith("abort.mp4"))).toEqual([]);
  });
});
