// Render worker: plain ESM so it runs under bare `node --expose-gc` (no TS
// loader needed), whether the parent runs under tsx, vitest or a Next.js bundle.
// Draws each frame (scene.mjs) while the encoder's threads encode the previous
// one, and muxes the MP4.
//
// Protocol (IPC, serialization 'advanced'):
//   parent -> child: { type: 'render', job: { prompt, seed, width, height, fps, audio (add an AAC track),
//                      frames, firstFrame?, lastFrame?, references?, tmpPath,
//                      continues? ({ prompt, seed, startFrame, clipsBefore }: the chain an extension continues),
//                      posterFrame?, posterTmpPath? (the frame written there as a JPEG),
//                      profile (VGEN_RENDER_PROFILE: write per-stage timings to stderr) } }
//   child -> parent: { type: 'progress', pct } (0..99)
//                    { type: 'done', bytes, frames, peakRssBytes, elapsedMs, posterBytes?, posterError?, posterMs? }
//                    { type: 'error', message }
import { writeFile } from "node:fs/promises";
import { createCanvas, GlobalFonts, loadImage } from "@napi-rs/canvas";
import { Mp4Muxer, VideoEncoder, VideoFrame } from "@napi-rs/webcodecs";
import { makeScene, registerFonts, thumbSize } from "./scene.mjs";
import { soundtrack } from "./soundtrack.mjs";
import { fastStart } from "./faststart.mjs";

// Die with the parent: if the IPC channel closes, nobody wants our output.
process.on("disconnect", () => process.exit(3));

function send(msg) {
  return new Promise((resolve) => {
    if (!process.connected || !process.send) return resolve();
    process.send(msg, undefined, {}, () => resolve());
  });
}

const forceGc = typeof globalThis.gc === "function" ? globalThis.gc : () => {};
const minorGc = typeof globalThis.gc === "function" ? () => globalThis.gc({ type: "minor" }) : () => {};

// ---------------------------------------------------------------------------
// Image inputs (sharp): decode anything sharp reads, cover-resize, hand to canvas
// ---------------------------------------------------------------------------
let sharpModule = null;
// Loaded only for clips with images: loading it is a noticeable part of a short render.
async function loadSharp() {
  if (!sharpModule) {
    sharpModule = (await import("sharp")).default;
    sharpModule.concurrency(1);
    sharpModule.cache(false);
  }
  return sharpModule;
}

async function loadCover(buf, w, h, label) {
  const sharp = await loadSharp();
  let png;
  try {
    png = await sharp(Buffer.from(buf), { failOn: "error", limitInputPixels: 268402689 })
      .rotate() // honour EXIF orientation
      .resize(w, h, { fit: "cover", position: "attention" })
      .removeAlpha()
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (err) {
    throw new Error(`${label}: cannot decode image (${err?.message ?? err})`);
  }
  return loadImage(png);
}

// ---------------------------------------------------------------------------
// Encoder configuration
// ---------------------------------------------------------------------------
export function encoderConfig(width, height, fps) {
  const mbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  // High profile; level by frame size (MaxFS) and macroblock rate (MaxMBPS).
  // 4.0: 8192 MBs / 245760 MB/s; 5.1: 36864 / 983040.
  const level = mbs <= 8192 && mbs * fps <= 245760 ? 0x28 : 0x33;
  const codec = `avc1.6400${level.toString(16).padStart(2, "0")}`;
  // ~0.12 bits per pixel per frame: 720p ≈ 2.7 Mb/s, 1080p ≈ 6 Mb/s, 4k ≈ 24 Mb/s.
  const bitrate = Math.round(Math.min(40e6, Math.max(1e6, width * height * fps * 0.12)));
  return {
    codec,
    width,
    height,
    bitrate,
    framerate: fps,
    bitrateMode: "variable",
    latencyMode: "quality",
    avc: { format: "avc" },
  };
}

// ---------------------------------------------------------------------------
// Memory backstop
// ---------------------------------------------------------------------------
/**
 * Backstop for the per-frame minor GC below. Now and then (more often on a busy
 * machine) frames stop being freed and the encoder's output callbacks fall
 * behind, and the process grows by a frame or two per frame until the end.
 * Once it has grown by more than a few frames since the first frames (not
 * counting what the muxer holds), a full GC and a few short waits recover it.
 * Growth that does not go away raises the limit, so this never runs every frame.
 */
function memoryBackstop(frameBytes) {
  const settledAt = 8; // frames: by then the encoder and the allocators have their working set
  const slack = Math.max(4 * frameBytes, 32 * 2 ** 20);
  let limit = Infinity;
  let recoveries = 0;
  return {
    async check(frame, heldBytes) {
      const size = () => process.memoryUsage.rss() - heldBytes;
      if (frame === settledAt) limit = size() + slack;
      if (size() <= limit) return;
      recoveries++;
      for (let k = 0; k < 10 && size() > limit; k++) {
        forceGc();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      limit = Math.max(limit, size() + slack);
    },
    get recoveries() {
      return recoveries;
    },
  };
}

// ---------------------------------------------------------------------------
// Poster frame
// ---------------------------------------------------------------------------
const POSTER_JPEG_QUALITY = 82;

/**
 * Writes the canvas as it stands (the frame just drawn) as the poster JPEG. A poster that cannot
 * be written is reported, never a failed render: the clip is delivered without one.
 */
async function writePoster(canvas, file) {
  const started = performance.now();
  try {
    const jpeg = await canvas.encode("jpeg", POSTER_JPEG_QUALITY);
    await writeFile(file, jpeg);
    return { posterBytes: jpeg.byteLength, posterMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { posterError: String(err?.message ?? err) };
  }
}

// ---------------------------------------------------------------------------
// Render
// ---------------------------------------------------------------------------
/** The job's images as canvas images, cover-resized to the frame (references to thumbnails). */
async function loadImages(job) {
  const { width: W, height: H } = job;
  const thumb = thumbSize(W, H);
  const refs = (job.references ?? []).slice(0, 3);
  return {
    first: job.firstFrame ? await loadCover(job.firstFrame, W, H, "firstFrame") : null,
    last: job.lastFrame ? await loadCover(job.lastFrame, W, H, "lastFrame") : null,
    refs: await Promise.all(refs.map((r, k) => loadCover(r, thumb, thumb, `references[${k}]`))),
  };
}

async function render(job) {
  const started = Date.now();
  const { prompt, seed, width: W, height: H, fps, frames, tmpPath, posterFrame, posterTmpPath } = job;
  registerFonts(GlobalFonts);
  const images = await loadImages(job);
  delete job.firstFrame;
  delete job.lastFrame;
  delete job.references;
  const draw = makeScene(
    { prompt, seed, width: W, height: H, fps, frames, continues: job.continues },
    { ...images, createCanvas },
  );
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext("2d");

  const cfg = encoderConfig(W, H, fps);
  const support = await VideoEncoder.isConfigSupported(cfg);
  if (!support?.supported) throw new Error(`encoder config not supported: ${JSON.stringify(cfg)}`);

  // With two tracks the muxer's fastStart corrupts the second one's offsets: moved here instead.
  const muxer = new Mp4Muxer({ fastStart: !job.audio });
  muxer.addVideoTrack({ codec: cfg.codec, width: W, height: H, framerate: fps });
  // Tracks are declared before the first chunk; the sound is encoded once the video is done.
  const encodeAudio = job.audio ? soundtrack(muxer, { prompt, seed, seconds: frames / fps }) : null;

  let encodeError = null;
  let chunks = 0;
  let muxedBytes = 0;
  let lastPct = -1;
  const report = (pct) => {
    const v = Math.min(99, Math.floor(pct));
    if (v > lastPct) {
      lastPct = v;
      send({ type: "progress", pct: v });
    }
  };
  let waiter = null;
  const encoder = new VideoEncoder({
    output: (chunk, metadata) => {
      try {
        muxer.addVideoChunk(chunk, metadata);
        chunks++;
        muxedBytes += chunk.byteLength;
        report((chunks / frames) * 95);
      } catch (err) {
        encodeError ??= err;
      }
    },
    error: (err) => {
      encodeError ??= err;
      waiter?.();
    },
  });
  // Frames handed to the encoder that it has not taken up yet. Counted here:
  // reading encoder.encodeQueueSize waits for the frame being encoded (the
  // binding holds one lock while it encodes).
  let queued = 0;
  encoder.ondequeue = () => {
    queued--;
    waiter?.();
  };
  encoder.configure(cfg);

  // Two frames queued keep the encoder busy without holding more full-size
  // frames in memory.
  const maxQueue = 2;
  const keyEvery = fps * 2; // keyframe every 2 s
  const prof = { draw: 0, submit: 0, poster: 0, gc: 0, encoder: 0 };
  let poster = {};
  let tp = performance.now();
  const lap = (k) => {
    const now = performance.now();
    prof[k] += now - tp;
    tp = now;
  };
  // In a function of its own so that nothing holds the frame once it returns.
  const submit = (i) => {
    // Exact integer microsecond timestamps: round(i * 1e6 / fps).
    const timestamp = Math.round((i * 1e6) / fps);
    const duration = Math.round(((i + 1) * 1e6) / fps) - timestamp;
    // canvas.data() rasterises the frame's draw calls and copies the pixels out;
    // the VideoFrame copies them again.
    const frame = new VideoFrame(canvas.data(), { format: "RGBA", codedWidth: W, codedHeight: H, timestamp, duration });
    encoder.encode(frame, { keyFrame: i % keyEvery === 0 });
    queued++;
    frame.close();
  };
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const memory = memoryBackstop(W * H * 4);
  for (let i = 0; i < frames; i++) {
    if (encodeError) throw encodeError;
    draw(ctx, i);
    lap("draw");
    submit(i);
    lap("submit");
    if (posterTmpPath && i === posterFrame) {
      poster = await writePoster(canvas, posterTmpPath);
      lap("poster");
    }
    // Both copies of a frame's pixels are freed only once the GC has collected
    // their handles and the event loop has run the native finalisers (close()
    // frees nothing): a minor GC and a turn of the loop every frame keep only
    // the frames in flight alive.
    minorGc();
    await memory.check(i, muxedBytes);
    lap("gc");
    if (queued > maxQueue) {
      while (queued > maxQueue && !encodeError) {
        await new Promise((resolve) => {
          waiter = resolve;
          setTimeout(resolve, 50);
        });
        waiter = null;
      }
    } else await nextTurn();
    lap("encoder");
  }
  await encoder.flush();
  lap("encoder");
  if (job.profile) {
    const r = Object.fromEntries(Object.entries(prof).map(([k, v]) => [k, Math.round(v)]));
    const u = process.resourceUsage();
    const cpu = {
      userMs: Math.round(u.userCPUTime / 1000),
      sysMs: Math.round(u.systemCPUTime / 1000),
      minorFaults: u.minorPageFault,
      recoveries: memory.recoveries,
    };
    process.stderr.write(`[render] ${W}x${H} ${frames}f ms: ${JSON.stringify(r)} ${JSON.stringify(cpu)}\n`);
  }
  if (encodeError) throw encodeError;
  encoder.close();
  if (chunks !== frames) throw new Error(`encoder produced ${chunks} chunks for ${frames} frames`);
  if (encodeAudio) await encodeAudio();
  report(96);
  const muxed = muxer.finalize();
  const data = job.audio ? fastStart(Buffer.from(muxed.buffer, muxed.byteOffset, muxed.byteLength)) : muxed;
  muxer.close();
  report(98);
  await writeFile(tmpPath, data);
  const bytes = data.byteLength;
  forceGc();
  return {
    bytes,
    frames,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    elapsedMs: Date.now() - started,
    ...poster,
  };
}

process.on("message", async (msg) => {
  if (msg?.type !== "render") return;
  try {
    const result = await render(msg.job);
    await send({ type: "done", ...result });
    process.exit(0);
  } catch (err) {
    await send({ type: "error", message: String(err?.message ?? err) });
    process.exit(1);
  }
});

send({ type: "ready" });
