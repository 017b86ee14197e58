/**
 * Event streams at scale: N concurrent streams on ONE web process (10,000; 1,000 in short mode),
 * against a bare node:http SSE server with the same schedule (bench/floors/sse-floor.ts).
 * Rows: opens per second, failures, first events, RSS per open stream, keep-alive arrival and the
 * longest silence (no event or comment). Floor and app are measured in alternating rounds in one run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseUsd, STREAM_KEEPALIVE_SECONDS } from "../../packages/contracts/src/index";
import { createDb, type Db } from "../../packages/db/src/index";
import { createAccount } from "../../packages/engine/src/accounts/accounts";
import { creditAccount } from "../../packages/engine/src/billing/ledger";
import { issueApiKey } from "../../packages/engine/src/accounts/api-keys";
import type { BenchCase, BenchContext, BenchRow } from "../lib/types";
import { freePort } from "../lib/process";
import { closeAll, openMany, type OpenResult, type StreamState } from "../lib/streams-client";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Opens the app's metrics endpoint (closed without a token) to this case. */
const METRICS_TOKEN = "bench-streams-metrics";

const ACCOUNTS = 20;
/** Streams waiting for their first event at once: enough to keep the server busy, not a SYN flood. */
const IN_FLIGHT = 200;
const MAX_RSS_PER_STREAM_KB = 64;
const MIN_OPENS_PER_SECOND = 500;
/** The API promises an event or a comment at least this often (docs/api.md#response-modes). */
const MAX_SILENCE_S = STREAM_KEEPALIVE_SECONDS;
/**
 * On a loaded box the client itself falls behind a 10,000-comment burst: the floor (same schedule,
 * no work) shows how much. The app may exceed the promise by no more than the floor does, plus this.
 */
const GAP_SLACK_OVER_FLOOR_S = 0.5;

interface Server {
  pid: number;
  port: number;
  stop(): Promise<void>;
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : NaN;
}

/** User + system CPU time the process has used, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Event streams still open and generations still followed by the app, from its metrics. */
async function leftOpen(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
  return value("vgen_event_streams_open") + value("vgen_generations_watched");
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

function spawnTsx(script: string, env: NodeJS.ProcessEnv, log: (m: string) => void, label: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stderr!.on("data", (c: Buffer) => log(`[${label}] ${c.toString().trim().slice(0, 500)}`));
  return child;
}

async function startFloor(log: (m: string) => void): Promise<Server> {
  const port = await freePort();
  const child = spawnTsx("bench/floors/sse-floor.ts", { ...process.env, PORT: String(port) }, log, "floor");
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (c: Buffer) => c.toString().includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`floor exited ${code}`)));
  });
  return {
    pid: child.pid!,
    port,
    stop: async () => {
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}

/** The app as the start command runs it (apps/web/server.ts, built), on its own database, without a worker. */
async function startApp(ctx: BenchContext): Promise<Server & { databaseUrl: string }> {
  const port = await freePort();
  const databaseUrl = await ctx.freshDatabase("bench_streams");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vgen-bench-streams-"));
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    MIGRATE_ON_START: "1",
    // Generations stay processing (waiting in the queue) for as long as the streams are held.
    WORKER_MODE: "off",
    LOG_LEVEL: "warn",
    // Opens come from ACCOUNTS accounts at up to ~100/s each: the account limit would answer 429
    // and measure the limiter instead of the streams (it still runs on every open).
    ACCOUNT_RATE_LIMIT_QPS: "1000000",
    METRICS_TOKEN,
    ...(ctx.redisUrl ? { REDIS_URL: ctx.redisUrl } : {}),
  };
  const child = spawnTsx("apps/web/server.ts", env, ctx.log, "app");
  const stop = async () => {
    child.kill("SIGTERM");
    await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    const failure =
      child.exitCode !== null
        ? `app exited ${child.exitCode} before becoming healthy`
        : Date.now() > deadline
          ? "app not healthy after 180 s"
          : null;
    if (failure) {
      await stop();
      throw new Error(failure);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return { pid: child.pid!, port, databaseUrl, stop };
}

interface Fixture {
  /** Stream i follows generation ids[i] with key keys[i]. */
  ids: string[];
  keys: string[];
}

/**
 * ACCOUNTS accounts with a key and balance; each creates one generation through the API, which is
 * then cloned in SQL so that every stream follows its own waiting generation.
 */
async function seed(db: Db, port: number, streams: number): Promise<Fixture> {
  const perAccount = Math.ceil(streams / ACCOUNTS);
  const perAccountIds: string[][] = [];
  const keys: string[] = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const account = await createAccount(db, { email: `bench-streams-${a}-${Date.now()}@example.test` });
    const { key } = await issueApiKey(db, account.id, "bench");
    await creditAccount(db, {
      accountId: account.id,
      amountMicros: parseUsd("100.00"),
      type: "top_up",
      reason: "bench",
      actor: "bench",
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/videos/generations`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gen-3.1-fast", prompt: `bench stream ${a}`, duration: 2, stream: false }),
    });
    if (res.status !== 202) throw new Error(`create answered ${res.status}: ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    const clones = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO generations
      SELECT (jsonb_populate_record(NULL::generations,
        to_jsonb(g) || jsonb_build_object('id', 'vid_' || translate(substr(md5(g.id || copy.i::text), 1, 22), '0', 'o')))).*
      FROM generations g, generate_series(1, ${perAccount - 1}::int) AS copy(i) WHERE g.id = ${id}
      RETURNING id`;
    perAccountIds.push([id, ...clones.map((c) => c.id)]);
    keys.push(key);
  }
  // Interleaved, so that consecutive opens come from different accounts (each has its own rate limit).
  const fixture: Fixture = { ids: [], keys: [] };
  for (let i = 0; i < streams; i++) {
    fixture.ids.push(perAccountIds[i % ACCOUNTS]![Math.floor(i / ACCOUNTS)]!);
    fixture.keys.push(keys[i % ACCOUNTS]!);
  }
  return fixture;
}

interface Round {
  open: OpenResult;
  rssPerStreamKb: number;
  cpuMsPerOpen: number;
  keepAliveShare: number;
  maxGapS: number;
  heldS: number;
  /** Streams and watched generations the server still held after every client left (app only). */
  leftOpen: number | null;
}

/** Opens `n` streams, holds them, measures, closes them all. */
async function round(
  server: Server,
  n: number,
  holdMs: number,
  pathOf: (i: number) => string,
  headersOf: (i: number) => Record<string, string>,
  countOpen?: () => Promise<number>,
): Promise<Round> {
  const target = (i: number) => ({ host: "127.0.0.1", port: server.port, path: pathOf(i), headers: headersOf(i) });
  // Warm-up: the first requests load code; that memory is not a per-stream cost.
  await closeAll((await openMany(Math.min(200, n), 50, target)).streams);
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssKb(server.pid);
  const cpuBefore = cpuMs(server.pid);
  const open = await openMany(n, IN_FLIGHT, target);
  const cpuMsPerOpen = (cpuMs(server.pid) - cpuBefore) / n;
  const openedAt = performance.now();
  await new Promise((r) => setTimeout(r, holdMs));
  const after = rssKb(server.pid);
  const heldS = (performance.now() - openedAt) / 1000;
  const live = open.streams.filter((s: StreamState) => s.firstEventAt !== null);
  const keepAliveShare = live.length ? live.filter((s) => s.keepAlives > 0).length / live.length : 0;
  const maxGapS = Math.max(0, ...live.map((s) => Math.max(s.maxGapMs, performance.now() - (s.lastHeardAt ?? 0)))) / 1000;
  await closeAll(open.streams);
  // A client that leaves frees everything; a looked-up generation is let go by the next tick (5 s).
  let left: number | null = null;
  if (countOpen) {
    const deadline = Date.now() + 12_000;
    left = await countOpen();
    while (left > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      left = await countOpen();
    }
  }
  return { open, rssPerStreamKb: (after - before) / n, cpuMsPerOpen, keepAliveShare, maxGapS, heldS, leftOpen: left };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? NaN;
}

const streams: BenchCase = {
  name: "streams",
  async run(ctx) {
    // BENCH_STREAMS, BENCH_STREAMS_HOLD_MS and BENCH_STREAMS_ROUNDS override the sizes (profiling).
    const n = Number(process.env.BENCH_STREAMS ?? (ctx.short ? 1_000 : 10_000));
    // Long enough to see a keep-alive (every 10 s, promised within 15 s) from every stream in normal mode.
    const holdMs = Number(process.env.BENCH_STREAMS_HOLD_MS ?? (ctx.short ? 2_000 : 16_500));
    const rounds = Number(process.env.BENCH_STREAMS_ROUNDS ?? (ctx.short ? 1 : 2));
    const floorRounds: Round[] = [];
    const appRounds: Round[] = [];
    let floor: Server | null = null;
    let app: (Server & { databaseUrl: string }) | null = null;
    let db: Db | null = null;
    try {
      floor = await startFloor(ctx.log);
      app = await startApp(ctx);
      db = createDb(app.databaseUrl, 2);
      const fixture = await seed(db, app.port, n);
      for (let r = 0; r < rounds; r++) {
        const f = await round(
          floor,
          n,
          holdMs,
          () => "/",
          () => ({}),
        );
        floorRounds.push(f);
        ctx.log(
          `floor round ${r + 1}: ${f.open.opensPerSecond.toFixed(0)} opens/s, ${f.rssPerStreamKb.toFixed(1)} KB/stream, ${f.open.failures} failed`,
        );
        const a = await round(
          app,
          n,
          holdMs,
          (i) => `/api/v1/videos/generations/${fixture.ids[i]}/events`,
          (i) => ({ authorization: `Bearer ${fixture.keys[i]}` }),
          () => leftOpen(app!.port),
        );
        appRounds.push(a);
        const errors = [...a.open.errors].map(([e, c]) => `${e} x${c}`).join(", ");
        ctx.log(
          `app round ${r + 1}: ${a.open.opensPerSecond.toFixed(0)} opens/s, ${a.rssPerStreamKb.toFixed(1)} KB/stream, ${a.open.failures} failed ${errors}`,
        );
      }
    } finally {
      await db?.$disconnect();
      await app?.stop();
      await floor?.stop();
    }
    return rows(n, floorRounds, appRounds);
  },
};

export default streams;

function rows(n: number, floor: Round[], app: Round[]): BenchRow[] {
  const note = `${n} streams on one process, ${app.length} round(s) each, alternating; each stream follows its own waiting generation`;
  const rss = Math.max(...app.map((r) => r.rssPerStreamKb));
  const opens = median(app.map((r) => r.open.opensPerSecond));
  const failures = Math.max(...app.map((r) => r.open.failures));
  const held = Math.min(...app.map((r) => r.heldS));
  const keepAlive = Math.min(...app.map((r) => r.keepAliveShare));
  const gap = Math.max(...app.map((r) => r.maxGapS));
  const floorGap = Math.max(...floor.map((r) => r.maxGapS));
  return [
    {
      case: "streams",
      metric: `opens per second (${n} streams)`,
      unit: "streams/s",
      app: opens,
      floor: median(floor.map((r) => r.open.opensPerSecond)),
      better: "higher",
      target: `>= ${MIN_OPENS_PER_SECOND}/s`,
      met: opens >= MIN_OPENS_PER_SECOND,
      note,
    },
    {
      case: "streams",
      metric: `failed opens (of ${n})`,
      unit: "streams",
      app: failures,
      floor: Math.max(...floor.map((r) => r.open.failures)),
      better: "lower",
      target: "0",
      met: failures === 0,
      note: [...new Set(app.flatMap((r) => [...r.open.errors.keys()]))].join("; ") || undefined,
    },
    {
      case: "streams",
      metric: `streams that got their first event (of ${n})`,
      unit: "streams",
      app: Math.min(...app.map((r) => r.open.firstEvents)),
      floor: Math.min(...floor.map((r) => r.open.firstEvents)),
      better: "higher",
      target: `${n}`,
      met: app.every((r) => r.open.firstEvents === n),
    },
    {
      case: "streams",
      metric: "first-event latency p99 while opening",
      unit: "ms",
      app: Math.max(...app.map((r) => r.open.p99FirstMs)),
      floor: Math.max(...floor.map((r) => r.open.p99FirstMs)),
      better: "lower",
      target: null,
      met: null,
      note: `p50 app ${median(app.map((r) => r.open.p50FirstMs)).toFixed(0)} ms, floor ${median(floor.map((r) => r.open.p50FirstMs)).toFixed(0)} ms`,
    },
    {
      case: "streams",
      metric: "server CPU per open (while opening)",
      unit: "ms",
      app: median(app.map((r) => r.cpuMsPerOpen)),
      floor: median(floor.map((r) => r.cpuMsPerOpen)),
      better: "lower",
      target: null,
      met: null,
      note: "includes the ticks and keep-alives of the streams already open",
    },
    {
      case: "streams",
      metric: "RSS per open stream (server RSS delta / N)",
      unit: "KB",
      app: rss,
      floor: Math.max(...floor.map((r) => r.rssPerStreamKb)),
      better: "lower",
      target: `<= ${MAX_RSS_PER_STREAM_KB} KB per stream`,
      met: rss <= MAX_RSS_PER_STREAM_KB,
      note: "worst round; measured after the hold",
    },
    {
      case: "streams",
      metric: `longest silence: no event or keep-alive (held ${held.toFixed(1)} s)`,
      unit: "s",
      app: gap,
      floor: floorGap,
      better: "lower",
      target: `<= ${MAX_SILENCE_S} s (or the floor's silence + ${GAP_SLACK_OVER_FLOOR_S} s)`,
      met: gap <= Math.max(MAX_SILENCE_S, floorGap + GAP_SLACK_OVER_FLOOR_S),
      note: "seen by the client, which falls behind on a loaded box as much for the floor as for the app",
    },
    {
      case: "streams",
      metric: `share of streams that got a keep-alive (held ${held.toFixed(1)} s)`,
      unit: "fraction",
      app: keepAlive,
      floor: Math.min(...floor.map((r) => r.keepAliveShare)),
      better: "higher",
      target: held >= 15 ? "1 (every 15 s)" : null,
      met: held >= 15 ? keepAlive === 1 : null,
      note: held >= 15 ? undefined : "hold shorter than 15 s: keep-alives not expected (short mode)",
    },
    {
      case: "streams",
      metric: "streams + watched generations left on the server after every client left",
      unit: "count",
      app: Math.max(...app.map((r) => r.leftOpen ?? NaN)),
      floor: null,
      better: "lower",
      target: "0",
      met: app.every((r) => r.leftOpen === 0),
    },
  ];
}
