import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { rename, unlink, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { env } from "@vgen/config";
import { posterTimeUs } from "../storage";

export type RenderInput = {
  prompt: string;
  seed: number;
  width: number;
  height: number;
  durationSeconds: number;
  /** Add a sound track (AAC) the length of the clip, derived from the prompt and seed. */
  audio?: boolean;
  fps?: 24;
  firstFrame?: Buffer;
  lastFrame?: Buffer;
  references?: Buffer[];
  /**
   * An extension: the scene of the chain it continues (its first clip's prompt and seed) picks up
   * after `startFrame` frames and `clipsBefore` clips, so the first frame follows the source's last.
   */
  continues?: { prompt: string; seed: number; startFrame: number; clipsBefore: number };
  outPath: string;
  /** Where to write the poster frame (JPEG, docs/architecture.md#output-storage); none when absent. */
  posterPath?: string;
};

export type RenderOptions = {
  signal?: AbortSignal;
  onProgress?: (pct: number) => void;
  /** Runs the render child at the lowest CPU priority (background work such as sample clips), so paid renders and requests go first. */
  lowPriority?: boolean;
};

export type RenderResult = {
  bytes: number;
  /** Number of video frames written (24 * durationSeconds). */
  frames?: number;
  /** Peak resident memory of the render child process, in bytes. */
  peakRssBytes?: number;
  /** Wall time of the render, in milliseconds. */
  elapsedMs?: number;
  /** Size of the poster written at `posterPath`; absent when none was asked for or it failed. */
  posterBytes?: number;
  /** Why no poster was written although one was asked for (the clip itself is fine). */
  posterError?: string;
};

const FPS = 24;

/** What the render child process (worker.mjs) sends back. */
type WorkerMessage =
  | { type: "ready" }
  | { type: "progress"; pct: number }
  | {
      type: "done";
      bytes: number;
      frames: number;
      peakRssBytes: number;
      elapsedMs: number;
      posterBytes?: number;
      posterError?: string;
    }
  | { type: "error"; message: string };

class RenderError extends Error {
  readonly code: "render_failed" | "aborted";
  constructor(message: string, code: "render_failed" | "aborted" = "render_failed", options?: { cause?: unknown }) {
    super(message, options);
    this.name = code === "aborted" ? "AbortError" : "RenderError";
    this.code = code;
  }
}

const WORKER_FILE = "worker.mjs";

/**
 * Locate the plain-ESM worker script. Works under tsx/vitest (next to this
 * file) and when this module was bundled (Next.js): then import.meta.url no
 * longer points at the source tree, so fall back to resolving the package.
 * RENDERER_SCRIPT overrides everything.
 */
function resolveWorkerScript(): string {
  const tried: string[] = [];
  const configured = env().RENDERER_SCRIPT;
  if (configured) {
    if (existsSync(configured)) return configured;
    tried.push(configured);
  }
  try {
    const here = fileURLToPath(import.meta.url);
    const p = path.join(path.dirname(here), WORKER_FILE);
    if (existsSync(p)) return p;
    tried.push(p);
  } catch {
    // import.meta.url not a file: URL (bundled)
  }
  // The package exports "./*" -> "./src/*.ts", so resolve a known module.
  const bases = [path.join(process.cwd(), "noop.js")];
  try {
    bases.push(fileURLToPath(import.meta.url));
  } catch {
    /* ignore */
  }
  for (const base of bases) {
    try {
      const req = createRequire(base);
      const entry = req.resolve("@vgen/engine/render/index");
      const p = path.join(path.dirname(entry), WORKER_FILE);
      if (existsSync(p)) return p;
      tried.push(p);
    } catch {
      /* not resolvable from here */
    }
  }
  // Walk up from cwd looking for the monorepo layout.
  let dir = process.cwd();
  for (let k = 0; k < 6; k++) {
    const p = path.join(dir, "packages", "engine", "src", "render", WORKER_FILE);
    if (existsSync(p)) return p;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new RenderError(`render worker script not found (tried ${tried.join(", ") || "nothing"}); set RENDERER_SCRIPT`);
}

/**
 * glibc malloc settings for the render child. Each frame allocates and frees multi-megabyte pixel buffers; with
 * glibc's default sliding mmap threshold they come from the heap, where the canvas's small per-frame text
 * allocations split the freed blocks, so the heap grows by about a frame per frame (a 4 s 1080p clip peaked at
 * 310-530 MB). A fixed threshold keeps every large buffer in its own mapping, returned to the system on free
 * (~200 MB); transparent huge pages make mapping them again cheaper. Other libcs ignore the variable.
 */
function renderAllocatorTunables(inherited: string | undefined): string {
  const ours = "glibc.malloc.mmap_threshold=1048576:glibc.malloc.hugetlb=1";
  return inherited ? `${inherited}:${ours}` : ours;
}

function validate(input: RenderInput): number {
  const fps = input.fps ?? FPS;
  if (fps !== FPS) throw new RenderError(`fps must be ${FPS}`);
  const { width, height, durationSeconds } = input;
  for (const [k, v] of Object.entries({ width, height })) {
    if (!Number.isInteger(v) || v < 16 || v > 4096 || v % 2 !== 0) {
      throw new RenderError(`${k} must be an even integer between 16 and 4096, got ${v}`);
    }
  }
  if (!(typeof durationSeconds === "number" && durationSeconds > 0 && durationSeconds <= 600)) {
    throw new RenderError(`durationSeconds must be in (0, 600], got ${durationSeconds}`);
  }
  const frames = Math.round(durationSeconds * fps);
  if (Math.abs(frames - durationSeconds * fps) > 1e-9) {
    throw new RenderError(`durationSeconds * ${fps} must be a whole number of frames, got ${durationSeconds}`);
  }
  if (typeof input.prompt !== "string") throw new RenderError("prompt must be a string");
  if (!Number.isFinite(input.seed)) throw new RenderError("seed must be a finite number");
  if (!input.outPath) throw new RenderError("outPath is required");
  if (input.references && input.references.length > 3) throw new RenderError("at most 3 references");
  return frames;
}

/** Moves the poster into place; a poster that cannot be moved is reported, never a failed render. */
async function movePoster(
  tmpPath: string | undefined,
  posterPath: string | undefined,
  written: Pick<RenderResult, "posterBytes" | "posterError">,
): Promise<Pick<RenderResult, "posterBytes" | "posterError">> {
  if (!tmpPath || !posterPath || !written.posterBytes) return { posterError: written.posterError };
  try {
    await rename(tmpPath, path.resolve(posterPath));
    return { posterBytes: written.posterBytes };
  } catch (err) {
    await unlink(tmpPath).catch(() => {});
    return { posterError: `could not move the poster into place: ${(err as Error).message}` };
  }
}

/**
 * Render a clip for a prompt to an H.264 MP4 (yuv420p, moov first) at outPath.
 * Drawing and encoding run in a child process; the caller's event loop is free.
 */
export async function renderVideo(input: RenderInput, opts: RenderOptions = {}): Promise<RenderResult> {
  const { signal, onProgress, lowPriority } = opts;
  if (signal?.aborted) throw new RenderError("render aborted", "aborted", { cause: signal.reason });
  const frames = validate(input);
  const script = resolveWorkerScript();
  const outPath = path.resolve(input.outPath);
  await mkdir(path.dirname(outPath), { recursive: true });
  const tmpPath = `${outPath}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const posterTmpPath = input.posterPath ? `${tmpPath}.jpg` : undefined;
  const posterFrame = Math.min(frames - 1, Math.round((posterTimeUs(input.durationSeconds * 1e6) * FPS) / 1e6));

  let lastPct = -1;
  const progress = (pct: number) => {
    const v = Math.max(0, Math.min(100, Math.floor(pct)));
    if (v <= lastPct) return;
    lastPct = v;
    try {
      onProgress?.(v);
    } catch {
      /* a throwing callback must not break the render */
    }
  };

  const result = await new Promise<RenderResult>((resolve, reject) => {
    let settled = false;
    let child: ChildProcess;
    let stderr = "";
    let doneReceived = false;
    const finish = (err: Error | null, res?: RenderResult) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      if (err) {
        if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        unlink(tmpPath).catch(() => {});
        if (posterTmpPath) unlink(posterTmpPath).catch(() => {});
        reject(err);
      } else resolve(res!);
    };
    const onAbort = () => finish(new RenderError("render aborted", "aborted", { cause: signal?.reason }));

    try {
      child = fork(script, [], {
        execArgv: ["--expose-gc"],
        serialization: "advanced",
        stdio: ["ignore", "ignore", "pipe", "ipc"],
        env: { ...process.env, NODE_OPTIONS: "", GLIBC_TUNABLES: renderAllocatorTunables(process.env.GLIBC_TUNABLES) },
      });
    } catch (err) {
      finish(new RenderError(`could not start render worker: ${(err as Error).message}`, "render_failed", { cause: err }));
      return;
    }
    if (lowPriority && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
      } catch {
        // Not permitted here (some containers): the render still runs, at normal priority.
      }
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (d: string) => {
      stderr = (stderr + d).slice(-4000);
      if (env().VGEN_RENDER_PROFILE) process.stderr.write(d);
    });
    child.on("error", (err) => finish(new RenderError(`render worker error: ${err.message}`, "render_failed", { cause: err })));
    child.on("message", (raw: unknown) => {
      if (!raw || typeof raw !== "object") return;
      const msg = raw as WorkerMessage;
      if (msg.type === "ready") {
        child.send({
          type: "render",
          job: {
            prompt: input.prompt,
            seed: Math.trunc(input.seed),
            audio: input.audio === true,
            width: input.width,
            height: input.height,
            fps: FPS,
            frames,
            firstFrame: input.firstFrame,
            lastFrame: input.lastFrame,
            references: input.references,
            continues: input.continues,
            tmpPath,
            posterFrame,
            posterTmpPath,
            profile: env().VGEN_RENDER_PROFILE,
          },
        });
      } else if (msg.type === "progress") {
        progress(msg.pct);
      } else if (msg.type === "done") {
        doneReceived = true;
        const { bytes, peakRssBytes, elapsedMs } = msg;
        Promise.all([rename(tmpPath, outPath), movePoster(posterTmpPath, input.posterPath, msg)]).then(
          ([, poster]) => finish(null, { bytes, frames: msg.frames, peakRssBytes, elapsedMs, ...poster }),
          (err) => finish(new RenderError(`could not move output into place: ${err.message}`, "render_failed", { cause: err })),
        );
      } else if (msg.type === "error") {
        finish(new RenderError(`render failed: ${msg.message}`));
      }
    });
    child.on("exit", (code, sig) => {
      // After 'done' the rename is in flight; only a premature exit is an error.
      // (Messages can arrive after 'exit', so wait a moment before judging.)
      setTimeout(() => {
        if (settled || doneReceived) return;
        {
          const tail = stderr.trim().split("\n").slice(-5).join(" | ");
          finish(new RenderError(`render worker exited unexpectedly (code ${code}, signal ${sig})${tail ? `: ${tail}` : ""}`));
        }
      }, 200);
    });
  });
  progress(100);
  return result;
}
