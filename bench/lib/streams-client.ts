/**
 * A lean event-stream client for load tests: raw TCP sockets and a byte scan for the two markers
 * that matter (an event, a keep-alive comment), so that 10,000 open streams cost the client little.
 */
import { connect, type Socket } from "node:net";

const EVENT = Buffer.from("event: generation\n");
const KEEPALIVE = Buffer.from(": keep-alive\n");
/** Bytes kept from the previous read so that a marker split across two reads is still seen once. */
const CARRY = Math.max(EVENT.length, KEEPALIVE.length) - 1;
const HEADER_END = Buffer.from("\r\n\r\n");

export interface StreamTarget {
  host: string;
  port: number;
  path: string;
  headers: Record<string, string>;
  /** A JSON body to POST (creating a generation in stream mode); GET without one. */
  body?: string;
}

export interface StreamState {
  status: number;
  /** Milliseconds (performance.now()) at which the request was written. */
  sentAt: number;
  firstEventAt: number | null;
  lastEventAt: number | null;
  /** When the last event or keep-alive comment arrived (performance.now()). */
  lastHeardAt: number | null;
  /** Longest silence of this stream: time between two arrivals (events or keep-alive comments), in ms. */
  maxGapMs: number;
  events: number;
  keepAlives: number;
  firstKeepAliveAt: number | null;
  ended: boolean;
  error: string | null;
  socket: Socket | null;
}

function countFrom(buf: Buffer, marker: Buffer, minEnd: number): number {
  let n = 0;
  for (let i = buf.indexOf(marker); i !== -1; i = buf.indexOf(marker, i + 1)) if (i + marker.length > minEnd) n++;
  return n;
}

/** Opens one stream; `onFirst` fires once with the first event, or an error, or the end of the response. */
function openStream(target: StreamTarget, onFirst: (s: StreamState) => void): StreamState {
  const state: StreamState = {
    status: 0,
    sentAt: performance.now(),
    firstEventAt: null,
    lastEventAt: null,
    lastHeardAt: null,
    maxGapMs: 0,
    events: 0,
    keepAlives: 0,
    firstKeepAliveAt: null,
    ended: false,
    error: null,
    socket: null,
  };
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    onFirst(state);
  };
  let head: Buffer | null = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  const socket = connect({ host: target.host, port: target.port });
  state.socket = socket;
  socket.setNoDelay(true);
  socket.on("connect", () => {
    const method = target.body === undefined ? "GET" : "POST";
    let req = `${method} ${target.path} HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\nAccept: text/event-stream\r\nConnection: close\r\n`;
    for (const [k, v] of Object.entries(target.headers)) req += `${k}: ${v}\r\n`;
    if (target.body !== undefined)
      req += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(target.body)}\r\n`;
    socket.write(`${req}\r\n${target.body ?? ""}`);
  });
  socket.on("data", (chunk: Buffer) => {
    if (head) {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEADER_END);
      if (end === -1) return;
      state.status = Number(head.subarray(9, 12).toString());
      chunk = head.subarray(end + 4);
      head = null;
      if (state.status !== 200) {
        state.error = `HTTP ${state.status}`;
        socket.destroy();
        settle();
        return;
      }
    }
    const buf = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    const events = countFrom(buf, EVENT, tail.length);
    const keepAlives = countFrom(buf, KEEPALIVE, tail.length);
    tail = Buffer.from(buf.subarray(Math.max(0, buf.length - CARRY)));
    const now = performance.now();
    if (events || keepAlives) {
      if (state.lastHeardAt !== null) state.maxGapMs = Math.max(state.maxGapMs, now - state.lastHeardAt);
      state.lastHeardAt = now;
    }
    if (keepAlives) {
      state.keepAlives += keepAlives;
      state.firstKeepAliveAt ??= now;
    }
    if (events) {
      state.firstEventAt ??= now;
      state.lastEventAt = now;
      state.events += events;
      settle();
    }
  });
  socket.on("error", (err) => {
    state.error ??= err.message;
  });
  socket.on("close", () => {
    state.ended = true;
    state.socket = null;
    if (state.firstEventAt === null) state.error ??= "closed before the first event";
    settle();
  });
  return state;
}

export interface OpenResult {
  streams: StreamState[];
  /** Streams that got their first event, per second of the whole opening phase. */
  opensPerSecond: number;
  failures: number;
  firstEvents: number;
  /** First-event latency percentiles over the streams that got one, in ms. */
  p50FirstMs: number;
  p99FirstMs: number;
  errors: Map<string, number>;
}

/**
 * Opens `count` streams with at most `inFlight` waiting for their first event at a time (a client
 * that waits for the answer before opening more, as a real fleet of clients would in aggregate).
 */
export async function openMany(count: number, inFlight: number, targetOf: (i: number) => StreamTarget): Promise<OpenResult> {
  const streams: StreamState[] = [];
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let next = 0;
    let done = 0;
    const launch = () => {
      if (next >= count) return;
      const i = next++;
      streams[i] = openStream(targetOf(i), () => {
        done++;
        if (done === count) resolve();
        else launch();
      });
    };
    if (count === 0) resolve();
    for (let k = 0; k < Math.min(inFlight, count); k++) launch();
  });
  const elapsed = (performance.now() - started) / 1000;
  const ok = streams.filter((s) => s.firstEventAt !== null);
  const latencies = ok.map((s) => s.firstEventAt! - s.sentAt).sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! : NaN;
  const errors = new Map<string, number>();
  for (const s of streams) if (s.error) errors.set(s.error, (errors.get(s.error) ?? 0) + 1);
  return {
    streams,
    opensPerSecond: ok.length / elapsed,
    failures: count - ok.length,
    firstEvents: ok.length,
    p50FirstMs: pct(0.5),
    p99FirstMs: pct(0.99),
    errors,
  };
}

/** Closes every stream from the client side and waits until the sockets are gone. */
export async function closeAll(streams: StreamState[]): Promise<void> {
  await Promise.all(
    streams.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (!s.socket) return resolve();
          s.socket.once("close", () => resolve());
          s.socket.destroy();
        }),
    ),
  );
}
