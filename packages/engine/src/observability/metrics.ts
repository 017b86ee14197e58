import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { API_OPERATIONS, pathPattern, routeTemplate } from "@vgen/contracts";
import { getDb } from "@vgen/db";
import {
  accountsOffLedger,
  BALANCE_CHECK_INTERVAL_MS,
  mailOutboxBacklog,
  queueOldestWait,
  recentRouteAttempts,
  recentWebhookAttempts,
  routeBreakers,
} from "./platform-health";

/**
 * Prometheus metrics of this process. The registry lives on globalThis so the copy Next.js bundles
 * into route handlers and the worker started by server.ts report into one registry.
 */
function build() {
  const registry = new Registry();
  let balanceCheck: { at: number; value: number } | undefined;
  collectDefaultMetrics({ register: registry, prefix: "vgen_" });
  return {
    registry,
    apiRequests: new Counter({
      name: "vgen_api_requests_total",
      help: "Public API requests by method, route, status and error code.",
      labelNames: ["method", "route", "status", "code"] as const,
      registers: [registry],
    }),
    apiLatency: new Histogram({
      name: "vgen_api_request_duration_seconds",
      help: "Time to the response headers of public API requests.",
      labelNames: ["route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    generationsFinished: new Counter({
      name: "vgen_generations_finished_total",
      help: "Generations that reached a terminal state in this process, by model and status.",
      labelNames: ["model", "status"] as const,
      registers: [registry],
    }),
    renderSeconds: new Histogram({
      name: "vgen_render_duration_seconds",
      help: "Wall time of renders in this process, by size.",
      labelNames: ["size"] as const,
      buckets: [1, 2, 4, 8, 15, 30, 60, 120],
      registers: [registry],
    }),
    eventStreams: new Gauge({
      name: "vgen_event_streams_open",
      help: "Event streams open in this process.",
      registers: [registry],
    }),
    // Set by the process's generation feed (generations/feed.ts) whenever the number changes.
    watchedGenerations: new Gauge({
      name: "vgen_generations_watched",
      help: "Generations whose records this process follows for its event streams.",
      registers: [registry],
    }),
    queued: new Gauge({
      name: "vgen_generations_processing",
      help: "Generations accepted and not finished, waiting or running (whole platform).",
      labelNames: ["state"] as const,
      registers: [registry],
      async collect() {
        await orDrop(this, async () => {
          const [row] = await getDb().$queryRaw<{ waiting: bigint; running: bigint }[]>`
            SELECT count(*) FILTER (WHERE started_at IS NULL) AS waiting, count(*) FILTER (WHERE started_at IS NOT NULL) AS running
            FROM generations WHERE status = 'processing'`;
          this.set({ state: "waiting" }, Number(row?.waiting ?? 0));
          this.set({ state: "running" }, Number(row?.running ?? 0));
        });
      },
    }),
    // The gauges below read the whole platform's state from the database (platform-health.ts).
    routeAttempts: new Gauge({
      name: "vgen_route_attempts_recent",
      help: "Attempts on each enabled route that ended in the last 5 minutes, by result (ok, failed).",
      labelNames: ["route", "model", "provider", "result"] as const,
      registers: [registry],
      async collect() {
        await orDrop(this, async () => {
          this.reset();
          for (const r of await recentRouteAttempts(getDb())) {
            const labels = { route: r.route, model: r.model, provider: r.provider };
            this.set({ ...labels, result: "ok" }, r.attempts - r.failures);
            this.set({ ...labels, result: "failed" }, r.failures);
          }
        });
      },
    }),
    routeBreaker: new Gauge({
      name: "vgen_route_breaker_state",
      help: "Circuit breaker of each enabled route: 1 for its current state (closed, open, half_open), 0 for the others.",
      labelNames: ["route", "model", "provider", "state"] as const,
      registers: [registry],
      async collect() {
        await orDrop(this, async () => {
          this.reset();
          for (const r of await routeBreakers(getDb()))
            for (const state of ["closed", "open", "half_open"])
              this.set({ route: r.route, model: r.model, provider: r.provider, state }, r.state === state ? 1 : 0);
        });
      },
    }),
    queueWait: new Gauge({
      name: "vgen_queue_oldest_wait_seconds",
      help: "How long the oldest generation not yet started has waited, per queue (0 when none waits).",
      labelNames: ["queue"] as const,
      registers: [registry],
      async collect() {
        await orDrop(this, async () => {
          for (const q of await queueOldestWait(getDb())) this.set({ queue: q.queue }, q.seconds);
        });
      },
    }),
    webhookAttempts: new Gauge({
      name: "vgen_webhook_attempts_recent",
      help: "Automatic webhook attempts made in the last 5 minutes, by result (delivered: a 2xx answer; failed).",
      labelNames: ["result"] as const,
      registers: [registry],
      async collect() {
        await orDrop(this, async () => {
          const { delivered, failed } = await recentWebhookAttempts(getDb());
          this.set({ result: "delivered" }, delivered);
          this.set({ result: "failed" }, failed);
        });
      },
    }),
    mailQueued: new Gauge({
      name: "vgen_mail_outbox_queued",
      help: "Emails in the outbox not yet sent.",
      registers: [registry],
      async collect() {
        await orDrop(
          this,
          async () => {
            this.set((await mailOutboxBacklog(getDb())).queued);
          },
          false,
        );
      },
    }),
    mailOldest: new Gauge({
      name: "vgen_mail_outbox_oldest_seconds",
      help: "Age of the oldest email in the outbox not yet sent (0 when none).",
      registers: [registry],
      async collect() {
        await orDrop(
          this,
          async () => {
            this.set((await mailOutboxBacklog(getDb())).oldestSeconds);
          },
          false,
        );
      },
    }),
    offLedger: new Gauge({
      name: "vgen_balance_ledger_mismatch_accounts",
      help: "Accounts whose balance is not the sum of their ledger entries (checked at most every 5 minutes).",
      registers: [registry],
      async collect() {
        await orDrop(
          this,
          async () => {
            if (!balanceCheck || Date.now() - balanceCheck.at >= BALANCE_CHECK_INTERVAL_MS)
              balanceCheck = { at: Date.now(), value: await accountsOffLedger(getDb()) };
            this.set(balanceCheck.value);
          },
          false,
        );
      },
    }),
  };
}

/**
 * Runs a gauge's database read. When it fails (the database is down or too slow) the gauge reports
 * no series, or NaN when it has no labels (prom-client always writes those), instead of failing the
 * scrape: the request counters, and their 503s, are still scraped during an outage.
 */
async function orDrop(gauge: { reset(): void; set(value: number): void }, read: () => Promise<void>, labelled = true) {
  try {
    await read();
  } catch {
    gauge.reset();
    if (!labelled) gauge.set(Number.NaN);
  }
}

type Metrics = ReturnType<typeof build>;
const g = globalThis as unknown as { __vgenMetrics?: Metrics };

export function metrics(): Metrics {
  g.__vgenMetrics ??= build();
  return g.__vgenMetrics;
}

/** The label of every path that matches no route (404s, probes). */
export const UNMATCHED_ROUTE = "unmatched";
/**
 * The route table's paths, as label values. A request is labelled with the template its path
 * matches, never with the path itself: ids and made-up paths would otherwise create a series each.
 */
const ROUTE_PATTERNS = [...new Set(API_OPERATIONS.map((op) => op.path))].map((path) => ({
  template: routeTemplate(path),
  pattern: pathPattern(path),
}));
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The route template a request path matches, or UNMATCHED_ROUTE. */
export function routeLabel(path: string): string {
  return ROUTE_PATTERNS.find((r) => r.pattern.test(path))?.template ?? UNMATCHED_ROUTE;
}

/** Methods outside the standard few share one label, like unmatched paths. */
export function methodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : "OTHER";
}
