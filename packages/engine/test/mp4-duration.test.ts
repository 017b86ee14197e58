import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderVideo } from "../src/render/render-video";
import { mp4DurationMs } from "../src/storage/mp4-duration";

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const b = Buffer.alloc(version === 1 ? 108 : 96);
  b.writeUInt8(version, 0);
  if (version === 1) {
    b.writeUInt32BE(timescale, 20);
    b.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    b.writeUInt32BE(timescale, 12);
    b.writeUInt32BE(duration, 16);
  }
  return box("mvhd", b);
}

const ftyp = box("ftyp", Buffer.from("isom\0\0\x02\0isomiso2avc1mp41", "latin1"));

describe("mp4DurationMs", () => {
  const dir = mkdtemp(path.join(os.tmpdir(), "mp4-duration-"));
  afterAll(async () => rm(await dir, { recursive: true, force: true }));

  it("reads the movie header of version 0 and version 1 files", () => {
    expect(mp4DurationMs(Buffer.concat([ftyp, box("moov", mvhd(0, 1000, 6000))]))).toBe(6000);
    expect(mp4DurationMs(Buffer.concat([ftyp, box("moov", mvhd(1, 90_000, 720_000))]))).toBe(8000);
    // moov after the media data, as many encoders write it
    expect(
      mp4DurationMs(Buffer.concat([ftyp, box("mdat", Buffer.alloc(1000)), box("moov", box("trak"), mvhd(0, 600, 3600))])),
    ).toBe(6000);
  });

  it("answers null for what is not a readable MP4", () => {
    expect(mp4DurationMs(Buffer.alloc(0))).toBeNull();
    expect(mp4DurationMs(ftyp)).toBeNull();
    expect(mp4DurationMs(Buffer.concat([ftyp, box("moov", mvhd(0, 0, 100))]))).toBeNull();
    // a box claiming more bytes than the file has
    const truncated = Buffer.concat([ftyp, box("moov", mvhd(0, 1000, 6000))]).subarray(0, 60);
    expect(mp4DurationMs(truncated)).toBeNull();
  });

  it("reads the duration of a clip the renderer made", async () => {
    const out = path.join(await dir, "clip.mp4");
    await renderVideo({ prompt: "a short clip", seed: 1, width: 640, height: 360, durationSeconds: 2, outPath: out });
    expect(mp4DurationMs(await readFile(out))).toBe(2000);
  });
});
