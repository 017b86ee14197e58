// A real Prometheus (Debian's prometheus package) scrapes the running app's /api/metrics with the
// token and the rules of deploy/prometheus/rules.yml, and finds every metric those rules read.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRules, RULES_FILE, runPrometheusTool, scrapedMetricNames } from "../support/prometheus";
import { BASE_URL, newAccount } from "../support/fixtures";

const TOKEN = process.env.METRICS_TOKEN;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls until `check` returns a value, or fails with what it last saw. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
}

describe.runIf(TOKEN)("a real Prometheus scraping the app", () => {
  let dir: string;
  let prometheus: ChildProcess | undefined;
  let api: string;
  let log = "";

  async function query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
    const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await res.json()) as { status: string; data: { result: never[] }; error?: string };
    if (body.status !== "success") throw new Error(`${promql}: ${body.error}`);
    return body.data.result;
  }

  beforeAll(async () => {
    // The version check also fails the suite with how to install it when prometheus is missing.
    expect(runPrometheusTool("prometheus", ["--version"]).status).toBe(0);
    // Request counters and latency appear with the first request of a route; the rest are read
    // from the database and exist from the first scrape.
    const acct = await newAccount();
    expect((await acct.call("/api/v1/models")).status).toBe(200);

    dir = mkdtempSync(path.join(os.tmpdir(), "vgen-prometheus-"));
    const target = new URL(BASE_URL);
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    const config = {
      global: { scrape_interval: "1s", evaluation_interval: "1s" },
      rule_files: [RULES_FILE],
      scrape_configs: [
        {
          job_name: "vgen",
          scheme: target.protocol.replace(":", ""),
          metrics_path: "/api/metrics",
          authorization: { type: "Bearer", credentials: TOKEN },
          static_configs: [{ targets: [target.host] }],
        },
      ],
    };
    writeFileSync(path.join(dir, "prometheus.yml"), JSON.stringify(config));
    prometheus = spawn(
      "prometheus",
      [
        `--config.file=${path.join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${path.join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    prometheus.stdout?.on("data", (d) => (log += d));
    prometheus.stderr?.on("data", (d) => (log += d));
    await waitFor("Prometheus to be ready", async () => ((await fetch(`${api}/-/ready`)).ok ? true : undefined));
  }, 90_000);

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((r) => prometheus!.once("exit", r));
      prometheus.kill("SIGTERM");
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("scrapes /api/metrics with the bearer token", async () => {
    const up = await waitFor(
      "a successful scrape",
      async () => {
        const [sample] = await query('up{job="vgen"}');
        return sample?.value[1] === "1" ? sample : undefined;
      },
      30_000,
    ).catch((err) => {
      throw new Error(`${err.message}\n${log.slice(-2000)}`);
    });
    expect(up.metric.job).toBe("vgen");
  });

  it("finds every metric the rules read", async () => {
    const names = scrapedMetricNames();
    expect(names).toContain("vgen_api_requests_total");
    const missing: string[] = [];
    for (const name of names) if ((await query(`count(${name})`)).length === 0) missing.push(name);
    expect(missing, `metrics the rules read that ${BASE_URL}/api/metrics does not expose`).toEqual([]);
  });

  it("loads the rules and evaluates every one of them without an error", async () => {
    const rules = await waitFor("the rules to be evaluated", async () => {
      const res = await fetch(`${api}/api/v1/rules`);
      const body = (await res.json()) as {
        data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
      };
      const all = body.data.groups.flatMap((g) => g.rules);
      return all.length > 0 && all.every((r) => r.health !== "unknown") ? all : undefined;
    });
    expect(rules.map((r) => r.name).sort()).toEqual(
      readRules()
        .map((r) => (r.record ?? r.alert)!)
        .sort(),
    );
    expect(rules.filter((r) => r.health !== "ok")).toEqual([]);
    // The platform-wide records have a value as soon as one scrape is in (the queue gauge at least).
    const waiting = await waitFor("vgen:generations_waiting", async () => (await query("vgen:generations_waiting"))[0]);
    expect(Number(waiting.value[1])).toBeGreaterThanOrEqual(0);
  });
});
