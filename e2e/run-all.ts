/**
 * Runs every test: the static checks (typecheck, format, lint, knip: one test each), unit suites (the packages', the
 * Python client's and the deployment files'), then the HTTP API suite (which runs the Python client's integration tests too)
 * and the browser suite against a running app on the embedded default, then the API suite again
 * against an external PostgreSQL (the production path: DATABASE_URL, separate worker process, Redis
 * when available; less EMBEDDED_ONLY_API_FILES), and last the benchmark in short mode (one test: it
 * passes when the bench ran to its report).
 * Ends with "N passed, N failed".
 */
import { readFile, rm } from "node:fs/promises";
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chmodSync, existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import pg from "pg";
import { startEmbeddedPostgres } from "@vgen/db/embedded";
import { startApp, type RunningApp } from "./support/app-process";
import { runPythonUnittest } from "./support/python-unittest";
import { freeDnsServerAddress } from "./support/dns-txt-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
/** Each failed test by name, printed with the totals: a CI log is often read only from its tail. */
const failedTests: string[] = [];
/** Wall-clock seconds per suite (each runs until the next heading), printed with the totals. */
const timings: { label: string; seconds: number }[] = [];
let running: { label: string; started: number } | null = null;

function heading(label: string) {
  endHeading();
  console.log(`\n=== ${label} ===`);
  running = { label, started: Date.now() };
}

function endHeading() {
  if (running) timings.push({ label: running.label, seconds: Math.round((Date.now() - running.started) / 1000) });
  running = null;
}

interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** The start of a failure's message, indented under its test: CI's log is often read only from its tail. */
function failureHead(message: string | undefined): string {
  if (!message) return "";
  const lines = message
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the reporters' colour codes
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .slice(0, 6)
    .map((l) => `      ${l.length > 300 ? `${l.slice(0, 300)}…` : l}`);
  return `\n${lines.join("\n")}`;
}

function playwrightFailures(suite: PlaywrightSuite, trail: string[] = []): string[] {
  const here = suite.title && !suite.title.endsWith(".ts") ? [...trail, suite.title] : trail;
  const own = (suite.specs ?? []).flatMap((spec) => {
    const failed = spec.tests.find((t) => t.status === "unexpected");
    if (!failed) return [];
    const error = failed.results?.map((r) => r.error?.message).find(Boolean);
    return [`${spec.file}:${spec.line} › ${[...here, spec.title].join(" › ")}${failureHead(error)}`];
  });
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, here))];
}

function exec(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd = root): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: "inherit" });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

async function vitest(label: string, dir: string, env: NodeJS.ProcessEnv, files: string[] = []) {
  const out = path.join(os.tmpdir(), `vitest-${label}-${process.pid}.json`);
  heading(label);
  const code = await exec(
    process.execPath,
    [
      path.join(root, "node_modules/vitest/vitest.mjs"),
      "run",
      ...files,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
    ],
    env,
    dir,
  );
  try {
    const report = JSON.parse(await readFile(out, "utf8"));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numFailedTests > 0 || code !== 0) failures.push(label);
    for (const file of report.testResults ?? []) {
      // A file that failed outside its tests (a hook, an import) has no failed test to name.
      if (file.status === "failed" && !(file.assertionResults ?? []).some((t: { status: string }) => t.status === "failed"))
        failedTests.push(`${label}: ${path.relative(root, file.name)}${failureHead(file.message)}`);
      for (const test of file.assertionResults ?? [])
        if (test.status === "failed")
          failedTests.push(
            `${label}: ${path.relative(root, file.name)} › ${test.fullName}${failureHead(test.failureMessages?.[0])}`,
          );
    }
    // A suite that crashed before reporting still counts as a failure.
    if (code !== 0 && report.numFailedTests === 0) totals.failed += 1;
  } catch {
    totals.failed += 1;
    failures.push(`${label} (no report)`);
  }
}

/** The Python client's unit tests (clients/python) with the machine's python3, counted test by test. */
async function pythonClientUnit(label: string) {
  heading(label);
  const result = await runPythonUnittest(["discover", "-s", "tests/unit", "-t", "."]);
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  if (result.failed > 0 || result.code !== 0) failures.push(label);
  // A run that crashed before its summary still counts as a failure.
  if (result.code !== 0 && result.failed === 0) totals.failed += 1;
}

async function playwright(label: string, env: NodeJS.ProcessEnv) {
  const out = path.join(os.tmpdir(), `playwright-${process.pid}.json`);
  heading(label);
  const code = await exec(
    process.execPath,
    [
      path.join(root, "e2e/node_modules/@playwright/test/cli.js"),
      "test",
      "--config",
      "e2e/playwright.config.ts",
      "--reporter=list,json",
    ],
    { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  );
  try {
    const report = JSON.parse(await readFile(out, "utf8"));
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    if (report.stats.unexpected > 0 || code !== 0) failures.push(label);
    for (const suite of report.suites ?? []) for (const name of playwrightFailures(suite)) failedTests.push(`${label}: ${name}`);
  } catch {
    totals.failed += 1;
    failures.push(`${label} (no report)`);
  }
}

async function redisAvailable(url: string): Promise<boolean> {
  const { default: Redis } = await import("ioredis");
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A database server standing in for production: the given one, or a standalone embedded server. */
async function externalServer(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) return { adminUrl: process.env.TEST_DATABASE_URL, stop: async () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), "vgen-extpg-"));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), port: 54400 + (process.pid % 500) });
  return {
    adminUrl: server.url,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The throwaway databases go when the run ends, so repeated runs on one server leave nothing behind. */
async function dropDatabases(adminUrl: string, names: string[]) {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch (err) {
    console.warn(`could not drop test databases: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The static checks, each one test that passes when the tool finds nothing: the typecheck of every
 * package, e2e and bench (turbo: in parallel, cached), the formatter, the linter and knip (unused
 * files, exports and dependencies). A failure does not stop the suites after it.
 */
const STATIC_CHECKS: { label: string; bin: string; args: string[] }[] = [
  { label: "typecheck", bin: "turbo", args: ["run", "typecheck", "--continue", "--output-logs=errors-only"] },
  { label: "format", bin: "biome", args: ["format", "."] },
  { label: "lint", bin: "biome", args: ["lint", "--error-on-warnings", "."] },
  { label: "knip", bin: "knip", args: ["--no-progress"] },
  { label: "dependency rules", bin: "depcruise", args: ["--config", ".dependency-cruiser.cjs", "apps", "packages"] },
];

async function staticChecks(env: NodeJS.ProcessEnv) {
  for (const check of STATIC_CHECKS) {
    heading(check.label);
    const code = await exec(path.join(root, "node_modules/.bin", check.bin), check.args, env);
    if (code === 0) totals.passed += 1;
    else {
      totals.failed += 1;
      failures.push(`${check.label}: exited ${code}`);
    }
  }
}

/**
 * API files the production path does not change, run once (against the embedded default): the README's
 * quick start is the embedded default's, and the Python client and the sign-in forms' bad input touch
 * nothing the deployment swaps (queue, worker, Redis).
 */
const EMBEDDED_ONLY_API_FILES = ["api/readme-walkthrough.test.ts", "api/python-client.test.ts", "api/auth-bad-input.test.ts"];

/**
 * The benchmark in CI mode on the same server: one test, passed when it ran to its report. Missed
 * targets never fail it (timings on a shared machine are not a verdict); a crashed case does.
 */
async function bench(adminUrl: string, redisUrl: string, env: NodeJS.ProcessEnv) {
  heading("bench (short)");
  const out = mkdtempSync(path.join(os.tmpdir(), "vgen-bench-report-"));
  const code = await exec(process.execPath, ["--import", "tsx", "bench/run.ts", "--short", `--out=${out}`], {
    ...env,
    BENCH_DATABASE_URL: adminUrl,
    BENCH_REDIS_URL: redisUrl,
  });
  const wrote = existsSync(path.join(out, "latest.json"));
  if (code === 0 && wrote) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(`bench (short): ${wrote ? `exited ${code}` : "no report written"}`);
  }
  await rm(out, { recursive: true, force: true });
}

async function stopApp(app: RunningApp | null, label: string) {
  if (!app) return;
  const code = await app.stop();
  if (code !== 0) {
    totals.failed += 1;
    failures.push(`${label}: app exited ${code} on SIGTERM`);
  }
}

async function main() {
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    ALLOW_PRIVATE_NETWORK_FETCH: "1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // Webhook retries in seconds instead of the production schedule (5s, 5m, 30m, 2h, 5h, 10h).
    WEBHOOK_RETRY_SCHEDULE: "1s,1s,2s",
    // Signs the Stripe events the stripe-webhook suite posts (no real Stripe account in tests).
    STRIPE_WEBHOOK_SECRET: "whsec_test_local",
    // Every browser test signs in from 127.0.0.1; the per-address sign-in limit would stop the suite.
    LOGIN_ATTEMPTS_PER_ADDRESS: "10000",
    SIGN_UPS_PER_ADDRESS_PER_HOUR: "10000",
    // Opens /api/metrics (closed without it) for the metrics suite, which reads the same variable.
    METRICS_TOKEN: "metrics-e2e-token",
    // The production bounds on database waits (2 s / 3 s) shed load as 503 when a connection or a
    // statement waits longer, which a machine shared by parallel suites does for ordinary work; the
    // outage drills (postgres-freeze) run with the production defaults.
    DATABASE_CONNECT_TIMEOUT_MS: "10000",
    DATABASE_QUERY_TIMEOUT_MS: "30000",
    // Where the SSO spec serves the TXT records that verify its domains (the app looks them up there).
    SSO_DNS_SERVERS: process.env.SSO_DNS_SERVERS ?? (await freeDnsServerAddress()),
  };
  await staticChecks(process.env);
  const external = await externalServer();
  try {
    // Unit suites use their own throwaway database on the external server.
    const unitDb = await freshDatabase(external.adminUrl, `vgen_unit_${process.pid}`);
    const unitEnv: NodeJS.ProcessEnv = {
      ...baseEnv,
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      TEST_DATABASE_URL: unitDb,
      TEST_ADMIN_DATABASE_URL: external.adminUrl,
    };
    for (const pkg of ["config", "contracts", "db", "engine", "sdk", "mcp"])
      await vitest(`unit: ${pkg}`, path.join(root, "packages", pkg), unitEnv);
    await vitest("unit: web", path.join(root, "apps/web"), unitEnv);
    await pythonClientUnit("unit: python client");
    await vitest("unit: deployment files", path.join(root, "e2e"), unitEnv, ["--config", "vitest.deploy.config.ts"]);

    // Embedded default: no DATABASE_URL; the app starts its own PostgreSQL, queue and worker.
    let app: RunningApp | null = await startApp({ env: baseEnv, label: "embedded" });
    const embeddedEnv: NodeJS.ProcessEnv = {
      ...baseEnv,
      NODE_ENV: "test",
      BASE_URL: app.baseUrl,
      DATABASE_URL: app.databaseUrl,
      DATA_DIR: app.dataDir,
      VGEN_MODE: "embedded",
    };
    await vitest("api: embedded default", path.join(root, "e2e"), embeddedEnv, ["api"]);
    await playwright("browser: embedded default", embeddedEnv);
    await stopApp(app, "embedded");
    app = null;

    // Production path: external PostgreSQL via DATABASE_URL, web without worker, a separate worker process,
    // migrations first: compose.yaml's commands (support/deploy-commands.ts).
    const prodDb = await freshDatabase(external.adminUrl, `vgen_e2e_${process.pid}`);
    const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
    const withRedis = await redisAvailable(redisUrl);
    const prodEnv: NodeJS.ProcessEnv = { ...baseEnv, DATABASE_URL: prodDb, ...(withRedis ? { REDIS_URL: redisUrl } : {}) };
    app = await startApp({
      env: { ...prodEnv, WORKER_MODE: "off" },
      label: "external",
      migrateFirst: true,
      separateWorker: true,
    });
    await vitest(
      `api: external PostgreSQL${withRedis ? " + Redis" : ""}, separate worker`,
      path.join(root, "e2e"),
      { ...prodEnv, NODE_ENV: "test", BASE_URL: app.baseUrl, DATA_DIR: app.dataDir, VGEN_MODE: "external" },
      ["api", ...EMBEDDED_ONLY_API_FILES.flatMap((file) => ["--exclude", file])],
    );
    await stopApp(app, "external");

    // Fault drills and the fuzzer: each file starts (and kills) its own app processes.
    await vitest(
      "reliability",
      path.join(root, "e2e"),
      {
        ...baseEnv,
        NODE_ENV: "test",
        TEST_ADMIN_DATABASE_URL: external.adminUrl,
        ...(withRedis ? { TEST_REDIS_URL: redisUrl } : {}),
      },
      ["--config", "vitest.reliability.config.ts"],
    );

    await bench(external.adminUrl, redisUrl, baseEnv);
  } finally {
    await dropDatabases(external.adminUrl, [`vgen_unit_${process.pid}`, `vgen_e2e_${process.pid}`]);
    await external.stop();
  }
  endHeading();
  console.log(`\nSeconds per suite: ${timings.map((t) => `${t.label} ${t.seconds}`).join("; ")}`);
  if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((name) => `  ${name}`).join("\n")}`);
  if (failures.length) console.log(`\nFailed suites: ${failures.join("; ")}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
  process.exit(totals.failed > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log(`\n${totals.passed} passed, ${totals.failed + 1} failed`);
  process.exit(1);
});
