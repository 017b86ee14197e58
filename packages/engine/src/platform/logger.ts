import { writeSync } from "node:fs";
import pino from "pino";
import { env, tracingConfigured } from "@vgen/config";
import { currentTraceId } from "./tracing";

/**
 * Structured JSON logs on stdout (stderr for one-shot CLI commands); every request and job logs with its id.
 *
 * Routine lines (a request, a job) are collected and written together, at most a second apart (a
 * synchronous write per request cost the API a measurable share of its CPU): a SIGKILL loses at
 * most the last second. Lines that matter are written at once, with everything collected before
 * them: `notice` (a level between info and warn, for lines a person must read or that record
 * money: "serving on", a payment), warnings (a mail link on an install without SMTP) and errors.
 * The rest is written on every exit: process.exit, the end of the event loop, and an uncaught
 * exception all pass the process's "exit" event (a SIGTERM handler ends with process.exit).
 */
const FLUSH_INTERVAL_MS = 1000;
/** Collected output written early once it reaches this size. */
const MAX_PENDING_BYTES = 64 * 1024;
const NOTICE = 35;
/** Where log lines go: stdout, or stderr for a one-shot command whose stdout is its answer. */
let logFd = 1;

/** Sends log lines to stderr: a CLI command prints its answer on stdout, which scripts parse. */
export function logToStderr(): void {
  logFd = 2;
}

class StdoutLines {
  private pending: string[] = [];
  private pendingBytes = 0;

  constructor() {
    setInterval(() => this.flush(), FLUSH_INTERVAL_MS).unref();
    process.on("exit", () => this.flush());
  }

  write(line: string): void {
    this.pending.push(line);
    this.pendingBytes += line.length;
    // pino writes the level first: `{"level":35,...`.
    const level = Number(/^\{"level":(\d+)/.exec(line)?.[1] ?? 0);
    if (level >= NOTICE || this.pendingBytes >= MAX_PENDING_BYTES) this.flush();
  }

  flush(): void {
    if (!this.pending.length) return;
    const data = Buffer.from(this.pending.join(""));
    this.pending = [];
    this.pendingBytes = 0;
    writeFully(data);
  }
}

/** Writes all of `data` to the log's output, waiting out a full pipe; a closed output drops it. */
function writeFully(data: Buffer) {
  for (let offset = 0; offset < data.length; ) {
    try {
      offset += writeSync(logFd, data, offset);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EAGAIN") return;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/** A line written inside a span names its trace (docs/operations.md#tracing); with tracing off nothing is asked per line. */
const traceIdMixin = () => {
  const traceId = currentTraceId();
  return traceId ? { trace_id: traceId } : {};
};

export const logger = pino<"notice">(
  {
    level: env().LOG_LEVEL,
    base: { service: "vgen" },
    customLevels: { notice: NOTICE },
    ...(tracingConfigured() ? { mixin: traceIdMixin } : {}),
  },
  new StdoutLines(),
);
