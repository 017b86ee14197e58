/**
 * Renderer case: the engine's local renderer (renderVideo) against Debian's ffmpeg/libx264 (-preset veryfast)
 * encoding the same number of raw RGBA frames of the same size from stdin. Two floors: one frame of the app's clip
 * sent over and over (cheap frames, as x264 sees a still picture), and the app's whole clip (the same pictures, so
 * the same work for x264). Rounds alternate (app, floors, app, floors...) so that all see the same load on a shared
 * machine; rows report medians, the ratios and peak RSS.
 */
import { spawn, spawnSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, open, readFile, rm, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { renderVideo } from "../../packages/engine/src/render/render-video";
import { median } from "../lib/stats.js";
import type { BenchCase, BenchContext, BenchRow } from "../lib/types.js";

const FPS = 24;
const SECONDS = 4;
const TIME_RATIO_TARGET = 1.5;
const MB = 1024 * 1024;

type Size = { label: string; width: number; height: number; rssLimitMb: number | null };
const SIZES: Size[] = [
  { label: "720p", width: 1280, height: 720, rssLimitMb: null },
  { label: "1080p", width: 1920, height: 1080, rssLimitMb: 400 },
];
const SIZE_4K: Size = { label: "4k", width: 3840, height: 2160, rssLimitMb: 1024 };

type Sample = { ms: number; peakRssBytes: number | null };

/** Ensures ffmpeg is on PATH; installs Debian's package when running as root. Returns why not, or null. */
function ensureFfmpeg(ctx: BenchContext): string | null {
  const has = () => spawnSync("ffmpeg", ["-hide_banner", "-version"], { stdio: "ignore" }).status === 0;
  if (has()) return null;
  const hint = "ffmpeg not found: install it with `apt-get install -y ffmpeg` (Debian) for the floor";
  if (process.getuid?.() !== 0) return hint;
  ctx.log("renderer: installing ffmpeg with apt-get");
  const apt = { stdio: "ignore", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } } as const;
  spawnSync("apt-get", ["install", "-y", "ffmpeg"], apt);
  if (!has()) spawnSync("sh", ["-c", "apt-get update && apt-get install -y ffmpeg"], apt);
  return has() ? null : `${hint} (apt-get install failed)`;
}

async function runApp(size: Size, outPath: string): Promise<Sample> {
  const started = performance.now();
  const res = await renderVideo({
    prompt: "A lighthouse on a cliff during a thunderstorm, waves crashing against the rocks",
    seed: 7,
    width: size.width,
    height: size.height,
    durationSeconds: SECONDS,
    outPath,
  });
  return { ms: performance.now() - started, peakRssBytes: res.peakRssBytes ?? null };
}

/** The app's clip decoded to raw RGBA on disk, once per size and outside the timing: the floors' frames. */
async function decodeFrames(clip: string, rawPath: string, size: Size): Promise<void> {
  const r = spawnSync("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-i",
    clip,
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgba",
    rawPath,
  ]);
  if (r.status !== 0) throw new Error(`ffmpeg could not decode the app clip: ${r.stderr?.toString().trim()}`);
  const bytes = (await stat(rawPath)).size;
  const frames = bytes / frameBytes(size);
  if (frames !== FPS * SECONDS) throw new Error(`decoded ${frames} frames from the app clip, expected ${FPS * SECONDS}`);
}

const frameBytes = (size: Size) => size.width * size.height * 4;

type Floor = "still" | "clip";
const FLOORS: Record<Floor, string> = {
  still: "ffmpeg libx264 -preset veryfast, one app frame sent every time (a reused buffer)",
  clip: "ffmpeg libx264 -preset veryfast re-encoding the app clip's own frames",
};

/** The floor's input: the clip's middle frame repeated from one buffer, or the whole clip read from disk. */
async function floorInput(kind: Floor, size: Size, rawPath: string): Promise<Readable> {
  const bytes = frameBytes(size);
  if (kind === "clip") return createReadStream(rawPath, { highWaterMark: bytes });
  const still = Buffer.alloc(bytes);
  const file = await open(rawPath, "r");
  try {
    await file.read(still, 0, bytes, bytes * Math.floor((FPS * SECONDS) / 2));
  } finally {
    await file.close();
  }
  return Readable.from(
    (function* () {
      for (let i = 0; i < FPS * SECONDS; i++) yield still;
    })(),
  );
}

/** Peak RSS of a running process from /proc (VmHWM is the kernel's own high-water mark). */
async function readHwm(pid: number): Promise<number | null> {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null; // already exited
  }
}

async function runFloor(size: Size, input: Readable, outPath: string): Promise<Sample> {
  const started = performance.now();
  const child = spawn(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgba",
      "-s",
      `${size.width}x${size.height}`,
      "-r",
      String(FPS),
      "-i",
      "-",
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
      outPath,
    ],
    { stdio: ["pipe", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr = (stderr + d).slice(-2000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve(code));
  });
  // The high-water mark only rises, so the last reading before exit is the peak (to within one sample).
  let peak: number | null = null;
  const sample = async () => {
    const v = await readHwm(child.pid!);
    if (v !== null) peak = Math.max(peak ?? 0, v);
  };
  const sampler = setInterval(() => void sample(), 25);
  try {
    await pipeline(input, child.stdin);
    await sample();
    const code = await exited;
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`);
  } finally {
    clearInterval(sampler);
  }
  return { ms: performance.now() - started, peakRssBytes: peak };
}

/** What ffprobe says about the app's clip, for the row notes (the engine's tests assert it in detail). */
function probe(file: string): string {
  const r = spawnSync(
    "ffprobe",
    [
      "-v",
      "error",
      "-select_streams",
      "v:0",
      "-count_packets",
      "-show_entries",
      "stream=profile,pix_fmt,width,height,nb_read_packets,avg_frame_rate",
      "-of",
      "csv=p=0",
      file,
    ],
    { encoding: "utf8" },
  );
  return r.status === 0 ? `app clip: ${r.stdout.trim()}` : "app clip not probed";
}

type Measured = { app: Sample[]; floors: Record<Floor, Sample[]>; note: string };

async function measure(ctx: BenchContext, size: Size, rounds: number, floorNote: string | null, dir: string): Promise<Measured> {
  const app: Sample[] = [];
  const floors: Record<Floor, Sample[]> = { still: [], clip: [] };
  const appOut = path.join(dir, `app-${size.label}.mp4`);
  const rawPath = path.join(dir, `frames-${size.label}.rgba`);
  for (let r = 0; r < rounds; r++) {
    app.push(await runApp(size, appOut));
    let line = `renderer ${size.label} round ${r + 1}/${rounds}: app ${app.at(-1)!.ms.toFixed(0)} ms`;
    if (!floorNote) {
      if (r === 0) await decodeFrames(appOut, rawPath, size);
      for (const kind of Object.keys(FLOORS) as Floor[]) {
        const input = await floorInput(kind, size, rawPath);
        floors[kind].push(await runFloor(size, input, path.join(dir, `floor-${size.label}.mp4`)));
        line += `, floor (${kind}) ${floors[kind].at(-1)!.ms.toFixed(0)} ms`;
      }
    }
    ctx.log(line);
  }
  await rm(rawPath, { force: true });
  const note = [`${SECONDS} s at ${FPS} fps, ${size.width}x${size.height}, median of ${rounds}`, floorNote, probe(appOut)]
    .filter(Boolean)
    .join("; ");
  return { app, floors, note };
}

function timeRow(size: Size, app: Sample[], floor: Sample[], floorKind: Floor | null, note: string): BenchRow {
  const appS = median(app.map((s) => s.ms)) / 1000;
  const floorS = floor.length ? median(floor.map((s) => s.ms)) / 1000 : null;
  return {
    case: "renderer",
    metric: `time to render ${SECONDS} s, ${size.label}${floorKind ? ` (floor: ${floorKind})` : ""}`,
    unit: "s",
    app: Number(appS.toFixed(3)),
    floor: floorS === null ? null : Number(floorS.toFixed(3)),
    better: "lower",
    target: `<= ${TIME_RATIO_TARGET}x floor`,
    met: floorS === null ? null : appS <= TIME_RATIO_TARGET * floorS,
    note: [
      note,
      floorKind ? `floor: ${FLOORS[floorKind]}` : null,
      floorS === null ? null : `ratio ${(appS / floorS).toFixed(2)}x`,
    ]
      .filter(Boolean)
      .join("; "),
  };
}

function rssRow(size: Size, app: Sample[], floor: Sample[], note: string): BenchRow {
  const peaks = (xs: Sample[]) => xs.map((s) => s.peakRssBytes).filter((v): v is number => v !== null);
  const appPeaks = peaks(app);
  if (!appPeaks.length) throw new Error("renderVideo reported no peak RSS");
  const appPeak = Math.max(...appPeaks) / MB;
  const floorPeaks = peaks(floor);
  return {
    case: "renderer",
    metric: `peak RSS of the render process, ${size.label}`,
    unit: "MB",
    app: Math.round(appPeak),
    floor: floorPeaks.length ? Math.round(Math.max(...floorPeaks) / MB) : null,
    better: "lower",
    target: size.rssLimitMb === null ? null : `<= ${size.rssLimitMb} MB`,
    met: size.rssLimitMb === null ? null : appPeak <= size.rssLimitMb,
    note: floorPeaks.length ? `${note}; floor: ${FLOORS.clip}` : note,
  };
}

const renderer: BenchCase = {
  name: "renderer",
  async run(ctx) {
    const floorNote = ensureFfmpeg(ctx);
    const dir = await mkdtemp(path.join(tmpdir(), "bench-renderer-"));
    const rows: BenchRow[] = [];
    try {
      for (const size of SIZES) {
        const { app, floors, note } = await measure(ctx, size, ctx.short ? 1 : 3, floorNote, dir);
        if (floorNote) rows.push(timeRow(size, app, [], null, note));
        else for (const kind of Object.keys(FLOORS) as Floor[]) rows.push(timeRow(size, app, floors[kind], kind, note));
        rows.push(rssRow(size, app, floors.clip, note));
      }
      // 4k only for its memory (its raw frames would be 3 GB on disk): one app round, none in CI's short mode.
      if (!ctx.short) {
        const { app, note } = await measure(ctx, SIZE_4K, 1, "no floor (memory only)", dir);
        rows.push(rssRow(SIZE_4K, app, [], note));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return rows;
  },
};

export default renderer;
