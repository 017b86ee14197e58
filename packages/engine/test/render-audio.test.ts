// The local renderer's sound track: a real AAC track the clip's length, the same bytes for the same
// request and seed (a seed above 2^31 included), and what the sound probe reads from the boxes.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderVideo } from "../src/render/render-video";
import { mp4FileHasAudio, mp4HasAudio } from "../src/storage";
import { inspectMp4 } from "./helpers/mp4";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vgen-render-audio-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Stream {
  codec_type: string;
  codec_name: string;
  duration: string;
  sample_rate?: string;
}

function streams(file: string): Stream[] {
  const out = execFileSync("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "stream=codec_type,codec_name,duration,sample_rate",
    "-of",
    "json",
    file,
  ]);
  return (JSON.parse(out.toString()) as { streams: Stream[] }).streams;
}

const BASE = { prompt: "rain on a tin roof at night", width: 320, height: 180, durationSeconds: 2 } as const;

describe("renderVideo with audio", () => {
  it("adds an AAC track as long as the video", async () => {
    const out = path.join(dir, "sound.mp4");
    await renderVideo({ ...BASE, seed: 7, audio: true, outPath: out });
    const found = streams(out);
    const video = found.find((s) => s.codec_type === "video");
    const audio = found.find((s) => s.codec_type === "audio");
    expect(video?.codec_name).toBe("h264");
    expect(audio?.codec_name).toBe("aac");
    expect(audio?.sample_rate).toBe("48000");
    // AAC works in 1024-sample frames: the track ends within one frame (21 ms) of the video.
    expect(Math.abs(Number(audio?.duration) - Number(video?.duration))).toBeLessThan(0.05);
    expect(Number(video?.duration)).toBeCloseTo(2, 6);
    // The track carries sound, not silence.
    const volume = spawnSync("ffmpeg", [
      "-v",
      "info",
      "-i",
      out,
      "-map",
      "0:a",
      "-af",
      "volumedetect",
      "-f",
      "null",
      "-",
    ]).stderr.toString();
    const mean = Number(/mean_volume: (-?[\d.]+) dB/.exec(volume)?.[1]);
    expect(mean).toBeGreaterThan(-40);
    expect(await mp4FileHasAudio(out)).toBe(true);
    // Fast start with both tracks: the movie box comes before the media data, and both decode whole.
    const info = await inspectMp4(out);
    expect(info.boxOrder.indexOf("moov")).toBeLessThan(info.boxOrder.indexOf("mdat"));
    execFileSync("ffmpeg", ["-v", "error", "-xerror", "-i", out, "-f", "null", "-"]);
  });

  it("is byte-identical for the same prompt and seed, and differs for another seed", async () => {
    const seed = 4_000_000_000;
    const [a, b, c] = ["s1.mp4", "s2.mp4", "s3.mp4"].map((f) => path.join(dir, f)) as [string, string, string];
    await renderVideo({ ...BASE, seed, audio: true, outPath: a });
    await renderVideo({ ...BASE, seed, audio: true, outPath: b });
    await renderVideo({ ...BASE, seed: seed + 1, audio: true, outPath: c });
    const [ba, bb, bc] = await Promise.all([readFile(a), readFile(b), readFile(c)]);
    expect(ba.equals(bb)).toBe(true);
    expect(ba.equals(bc)).toBe(false);
  });

  it("leaves a clip without audio silent, and the probe says so", async () => {
    const out = path.join(dir, "silent.mp4");
    await renderVideo({ ...BASE, seed: 7, outPath: out });
    expect(streams(out).map((s) => s.codec_type)).toEqual(["video"]);
    expect(mp4HasAudio(await readFile(out))).toBe(false);
    expect(mp4HasAudio(Buffer.from("not an mp4"))).toBeNull();
  });
});
