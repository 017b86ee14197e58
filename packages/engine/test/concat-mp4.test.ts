// Joining clips without re-encoding (render/concat-mp4.ts): the samples of each clip follow the
// previous one's, the sound is kept when every clip has it, and clips of another format are refused.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concatMp4 } from "../src/render/concat-mp4";
import { renderVideo } from "../src/render/render-video";
import { mp4HasAudio } from "../src/storage/mp4-duration";
import { inspectMp4 } from "./helpers/mp4";

let dir: string;
const clip = async (name: string, over: Partial<Parameters<typeof renderVideo>[0]> = {}) => {
  const outPath = path.join(dir, `${name}.mp4`);
  await renderVideo({ prompt: "tide", seed: 3, width: 320, height: 180, durationSeconds: 1, outPath, ...over });
  return readFile(outPath);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vgen-concat-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("concatMp4", () => {
  it("joins clips with sound end to end: frames and seconds add up, the sound track stays", async () => {
    const first = await clip("a", { audio: true });
    const second = await clip("b", {
      audio: true,
      durationSeconds: 2,
      continues: { prompt: "tide", seed: 3, startFrame: 24, clipsBefore: 1 },
    });
    const joined = await concatMp4([first, second]);
    expect(joined.hasAudio).toBe(true);
    expect(Math.round(joined.durationUs / 1000)).toBe(3_000);
    const file = path.join(dir, "joined.mp4");
    await writeFile(file, joined.mp4);
    const info = await inspectMp4(file);
    expect(info.frameCount).toBe(72);
    expect(info.durationSeconds).toBeCloseTo(3, 2);
    expect(info.fastStart).toBe(true);
    expect(mp4HasAudio(joined.mp4)).toBe(true);
  }, 60_000);

  it("drops the sound when a clip is silent, and refuses clips of another size", async () => {
    const loud = await clip("loud", { audio: true });
    const silent = await clip("silent");
    const joined = await concatMp4([loud, silent]);
    expect(joined.hasAudio).toBe(false);
    expect(mp4HasAudio(joined.mp4)).toBe(false);
    expect((await inspectMp4Buffer(joined.mp4)).frameCount).toBe(48);
    const wide = await clip("wide", { width: 640, height: 360 });
    await expect(concatMp4([silent, wide])).rejects.toThrow(/differ/);
  }, 60_000);
});

async function inspectMp4Buffer(mp4: Buffer) {
  const file = path.join(dir, `probe-${Date.now()}.mp4`);
  await writeFile(file, mp4);
  return inspectMp4(file);
}
