/**
 * HTTP load with autocannon (closed loop, fixed connections), in alternating rounds (floor, app,
 * floor, app, ...) so that both sides see the same machine noise; each side reports the median of
 * its rounds. A round measures a steady-state window, and the next waits until the side is idle.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { median, percentile } from "./stats";
import type { BenchContext } from "./types";

export interface LoadSpec {
  path: string;
  connections: number;
  headers: Record<string, string>;
  /** The JSON body of each request; called per request, so bodies may vary. */
  body: () => string;
}

interface RoundResult {
  /** 2xx answers per second. */
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  /** Answers by status, and catalog error codes of the non-2xx ones. */
  statuses: Record<string, number>;
  codes: Record<string, number>;
  /** Connection errors and timeouts (no answer at all). */
  errors: number;
  /** The slowest answer of the round, window or not: how long the target may still be busy after it. */
  slowestMs: number;
  /** The whole machine's busy CPU time in the window per 2xx answer (ms), and the share stolen by the host; null off Linux. */
  cpu: { msPerOk: number; stolen: number } | null;
}

/** Busy and stolen CPU time of the whole machine so far, in ms (Linux's /proc/stat; clock ticks of 10 ms). */
function machineCpu(): { busy: number; steal: number } | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return { busy: (user + nice + system + irq + softirq) * 10, steal: steal * 10 };
  } catch {
    return null;
  }
}

export interface SideSummary {
  rps: number;
  p99: number;
  p50: number;
  /** Median of the rounds' machine CPU per 2xx answer (ms); null off Linux. */
  cpuMsPerOk: number | null;
  rounds: RoundResult[];
  statuses: Record<string, number>;
  codes: Record<string, number>;
  errors: number;
}

export interface RoundPlan {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
}

/**
 * Three rounds per side either way; short mode (CI) keeps each round to a couple of seconds and
 * has no separate warm-up (a round's window opens only after every connection's first answer).
 */
export function roundPlan(ctx: BenchContext): RoundPlan {
  return ctx.short ? { rounds: 3, seconds: 2, warmupSeconds: 0 } : { rounds: 3, seconds: 10, warmupSeconds: 3 };
}

function add(into: Record<string, number>, key: string, n = 1) {
  into[key] = (into[key] ?? 0) + n;
}

/** Longest wait for every connection's first answer before the window opens anyway. */
const MAX_RAMP_SECONDS = 30;
/** Longest wait, after a round, for the target to finish the requests it had already accepted. */
const MAX_DRAIN_MS = 15_000;

/**
 * One round of closed-loop load. The measuring window opens once every connection has had an
 * answer (the pipeline is full, so a slow side is not charged for its ramp) and lasts `seconds`;
 * throughput is the 2xx answers completed inside it, latencies are those of its answers.
 */
async function loadRound(baseUrl: string, spec: LoadSpec, seconds: number): Promise<RoundResult> {
  const codes: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let slowest = 0;
  let windowStart: number | null = null;
  let windowEnd = Infinity;
  let cpuAtStart: ReturnType<typeof machineCpu> = null;
  let cpuAtEnd: ReturnType<typeof machineCpu> = null;
  const inWindow = () => windowStart !== null && performance.now() <= windowEnd;
  const answered = new Set<unknown>();

  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: spec.connections,
        duration: MAX_RAMP_SECONDS + seconds + 5,
        timeout: 30,
        // How often autocannon looks at its stop flag: the load ends within 100 ms of the window.
        sampleInt: 100,
        requests: [
          {
            method: "POST",
            path: spec.path,
            headers: { ...spec.headers, "content-type": "application/json" },
            setupRequest: (req) => ({ ...req, body: spec.body() }),
            onResponse: (status, body) => {
              if (status < 300 || !inWindow()) return;
              try {
                add(codes, String((JSON.parse(body) as { error?: { code?: string } }).error?.code ?? `http_${status}`));
              } catch {
                add(codes, `http_${status}`);
              }
            },
          },
        ],
      },
      (err) => (err ? reject(err) : resolve()),
    );
    const open = () => {
      if (windowStart !== null) return;
      windowStart = performance.now();
      windowEnd = windowStart + seconds * 1000;
      cpuAtStart = machineCpu();
      setTimeout(() => {
        cpuAtEnd = machineCpu();
        instance.stop();
      }, seconds * 1000);
    };
    const rampLimit = setTimeout(open, MAX_RAMP_SECONDS * 1000);
    instance.on("response", (client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      slowest = Math.max(slowest, responseTime);
      if (windowStart === null) {
        answered.add(client);
        if (answered.size >= spec.connections) {
          clearTimeout(rampLimit);
          open();
        }
        return;
      }
      if (!inWindow()) return;
      add(statuses, String(statusCode));
      latencies.push(responseTime);
      if (statusCode >= 200 && statusCode < 300) ok += 1;
    });
    instance.on("reqError", () => {
      if (inWindow()) errors += 1;
    });
  });
  return {
    rps: ok / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ok,
    statuses,
    codes,
    errors,
    slowestMs: slowest,
    cpu: cpuOf(cpuAtStart, cpuAtEnd, ok),
  };
}

function cpuOf(start: ReturnType<typeof machineCpu>, end: ReturnType<typeof machineCpu>, ok: number): RoundResult["cpu"] {
  if (!start || !end || ok === 0) return null;
  const busy = end.busy - start.busy;
  const steal = end.steal - start.steal;
  return { msPerOk: busy / ok, stolen: steal / Math.max(1, busy + steal) };
}

function summarize(rounds: RoundResult[]): SideSummary {
  const statuses: Record<string, number> = {};
  const codes: Record<string, number> = {};
  for (const r of rounds) {
    for (const [k, n] of Object.entries(r.statuses)) add(statuses, k, n);
    for (const [k, n] of Object.entries(r.codes)) add(codes, k, n);
  }
  return {
    rps: median(rounds.map((r) => r.rps)),
    p99: median(rounds.map((r) => r.p99)),
    p50: median(rounds.map((r) => r.p50)),
    cpuMsPerOk: rounds.every((r) => r.cpu) ? median(rounds.map((r) => r.cpu!.msPerOk)) : null,
    rounds,
    statuses,
    codes,
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
}

/** Where a side can be loaded, and asked whether it is idle again. */
export interface Target {
  baseUrl: string;
  /**
   * Answers only once the work queued before it is done: the app's health check waits for a
   * connection of the same pool the requests use.
   */
  healthUrl: string;
  /** Why the side's process is gone, if it ended without being stopped. */
  failure(): string | null;
}

/**
 * Stopping the load closes the connections, but the server still finishes what it had accepted;
 * the other side's next round must not share the machine with that. Waits until the side's
 * health check answers, and never longer than the round's slowest answer.
 */
async function drain(target: Target, r: RoundResult): Promise<void> {
  const deadline = performance.now() + Math.min(r.slowestMs, MAX_DRAIN_MS);
  while (performance.now() < deadline) {
    try {
      const res = await fetch(target.healthUrl, { signal: AbortSignal.timeout(Math.max(1, deadline - performance.now())) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // still busy (or the wait ran out)
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A side that died mid-run measured nothing: the case fails rather than report its zeros. */
function assertAlive(target: Target, when: string) {
  const died = target.failure();
  if (died) throw new Error(`${died}, during ${when}`);
}

function fmt(r: RoundResult): string {
  const bad = Object.entries(r.statuses).filter(([s]) => !s.startsWith("2"));
  const extra = [...bad.map(([s, n]) => `${s}x${n}`), ...(r.errors ? [`${r.errors} errors`] : [])];
  const cpu = r.cpu ? `, machine CPU ${r.cpu.msPerOk.toFixed(2)} ms/req (${(r.cpu.stolen * 100).toFixed(0)}% stolen)` : "";
  return `${r.rps.toFixed(1)} req/s, p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms${cpu}${extra.length ? ` (${extra.join(", ")})` : ""}`;
}

/**
 * Warm-up of every side, then rounds alternating the sides in the order given (e.g. floor, app);
 * logs every round. `beforeRound` runs before each round (warm-up included), to start every round
 * from the same state.
 */
export async function alternateRounds<Side extends string>(
  ctx: BenchContext,
  label: string,
  targets: Record<Side, Target>,
  spec: LoadSpec,
  beforeRound: () => Promise<unknown> = async () => {},
): Promise<Record<Side, SideSummary>> {
  const plan = roundPlan(ctx);
  const sides = Object.keys(targets) as Side[];
  const width = Math.max(...sides.map((s) => s.length));
  if (plan.warmupSeconds > 0) {
    ctx.log(`${label}: warm-up ${plan.warmupSeconds} s per side`);
    for (const side of sides) {
      await beforeRound();
      const r = await loadRound(targets[side].baseUrl, spec, plan.warmupSeconds);
      assertAlive(targets[side], `${label} warm-up`);
      await drain(targets[side], r);
    }
  }
  const rounds = Object.fromEntries(sides.map((s) => [s, [] as RoundResult[]])) as Record<Side, RoundResult[]>;
  for (let i = 1; i <= plan.rounds; i++) {
    for (const side of sides) {
      await beforeRound();
      const r = await loadRound(targets[side].baseUrl, spec, plan.seconds);
      rounds[side].push(r);
      ctx.log(`${label}: round ${i}/${plan.rounds} ${side.padEnd(width)} ${fmt(r)}`);
      assertAlive(targets[side], `${label} round ${i}`);
      await drain(targets[side], r);
    }
  }
  return Object.fromEntries(sides.map((s) => [s, summarize(rounds[s])])) as Record<Side, SideSummary>;
}

/** "202x310, 500x2; codes: internal_error x2" — what a reader needs to trust a throughput figure. */
export function describeAnswers(s: SideSummary): string {
  const statuses = Object.entries(s.statuses)
    .map(([k, n]) => `${k}x${n}`)
    .join(", ");
  const codes = Object.entries(s.codes)
    .map(([k, n]) => `${k}x${n}`)
    .join(", ");
  return [statuses, codes && `codes ${codes}`, s.errors ? `${s.errors} connection errors` : ""].filter(Boolean).join("; ");
}
