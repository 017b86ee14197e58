// Real, tiny MP4s for fake upstreams to serve: rendered by the local renderer, once per duration
// per test process, so a fake can deliver a clip of any length (including shorter than asked).
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { renderVideo } from "../../src/render/render-video";

const rendered = new Map<number, Promise<Buffer>>();

/** An H.264 MP4 of `durationSeconds` (a multiple of 1/24 s) at 64×36, 24 fps. */
export function tinyMp4(durationSeconds: number): Promise<Buffer> {
  let video = rendered.get(durationSeconds);
  if (!video) {
    video = render(durationSeconds);
    rendered.set(durationSeconds, video);
  }
  return video;
}

async function render(durationSeconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "tiny-mp4-"));
  try {
    const outPath = path.join(dir, "clip.mp4");
    await renderVideo({ prompt: "fake upstream sample", seed: 7, width: 64, height: 36, durationSeconds, fps: 24, outPath });
    return await readFile(outPath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
