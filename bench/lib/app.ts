/**
 * Starts the app for a case exactly as production does: migrations by the ops CLI, then the web
 * server's start command on a fresh database, optionally with Redis and a separate worker process.
 * Only limits are changed (in the environment and the bench database's catalog rows), so that
 * no request is refused and the measurement is of the work, not of the rate limiter's answer.
 */
import { chmodSync, existsSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { parseUsd } from "@vgen/contracts";
import { createDb } from "@vgen/db";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { creditAccount } from "@vgen/engine/billing";
import type { BenchContext } from "./types";
import { freePort, repoRoot, runNode, spawnNode, stopProcess, waitForHttp, type NodeChild } from "./process";
import { shared } from "./shared";
import { WEB_ENTRY, WEB_NODE_ARGS } from "../../scripts/web-command.mjs";
import { startStatementCounter, type StatementCounter } from "./sql-counter";

/** The model every request case uses (the cheapest, so the balance lasts). */
export const BENCH_MODEL = "gen-3.1-fast";
/** Far above anything two cores can send: the limiter still runs on every request, it just never refuses. */
const UNLIMITED_QPS = 1_000_000;
/**
 * Credentials of an upstream route whose URL nothing answers: the separate worker takes each job,
 * its submit is refused at once and, with no other route, the job fails (hold released), doing all
 * its database work but no render. In production renders run on the worker's own machine; here they
 * would take the two cores the web process is measured on.
 */
const OFFSITE_CREDENTIALS = "bench-offsite";
const OFFSITE_ENV = { UPSTREAM_BENCH_OFFSITE_URL: "http://127.0.0.1:9" };

/**
 * node arguments of the web start command (scripts/web-command.mjs): the compiled entry when it is
 * built, else the TypeScript one; BENCH_APP_NODE_ARGS goes first (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to profile a case).
 */
export function webServerArgs(): string[] {
  const extra = process.env.BENCH_APP_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const entry = existsSync(path.join(repoRoot, WEB_ENTRY)) ? [WEB_ENTRY] : ["--import", "tsx", "apps/web/server.ts"];
  return [...extra, ...WEB_NODE_ARGS, ...entry];
}

/** node arguments of the ops CLI: compiled when built (as production runs workers), else TypeScript. */
function opsArgs(command: string): string[] {
  const compiled = "packages/ops/dist/cli.mjs";
  return existsSync(path.join(repoRoot, compiled))
    ? [compiled, command]
    : ["--import", "tsx", "packages/ops/src/cli.ts", command];
}

export interface AppOptions {
  /** Names the database and labels the process output. */
  label: string;
  /** Sets REDIS_URL (rate limits in Redis instead of the process's memory). */
  redisUrl?: string | null;
  /** WORKER_MODE=off on web and a separate `ops worker` process (else no worker at all). */
  separateWorker?: boolean;
  /** The web process reaches PostgreSQL through a statement-counting proxy. */
  countStatements?: boolean;
}

export interface BenchApp {
  baseUrl: string;
  healthUrl: string;
  /** The bench database, directly (not through the counting proxy). */
  databaseUrl: string;
  apiKey: string;
  accountId: string;
  /** Set with `countStatements`: statements the web process sent so far. */
  statements: StatementCounter | null;
  /** Why the web or worker process is gone, if it ended without being stopped. */
  failure(): string | null;
  stop(): Promise<void>;
}

/** An account with one key and a balance no run can exhaust. */
async function seedAccount(databaseUrl: string, label: string) {
  const db = createDb(databaseUrl, 2);
  try {
    const account = await createAccount(db, { email: `bench-${label}-${Date.now()}@example.test` });
    const { key } = await issueApiKey(db, account.id, "bench");
    await creditAccount(db, {
      accountId: account.id,
      amountMicros: parseUsd("10000000"),
      type: "adjustment",
      reason: "bench balance",
      actor: "bench",
    });
    return { accountId: account.id, apiKey: key };
  } finally {
    await db.$disconnect();
  }
}

async function raiseCatalogLimits(databaseUrl: string, offsiteRenders: boolean) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("UPDATE catalog_models SET rate_limit_qps = $1", [UNLIMITED_QPS]);
    if (offsiteRenders) {
      await client.query("UPDATE model_routes SET provider = 'veo', upstream_model = $1, credentials = $1", [
        OFFSITE_CREDENTIALS,
      ]);
    }
  } finally {
    await client.end();
  }
}

function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  // Nothing from the caller's shell may switch the app to another database, Redis or worker mode.
  for (const name of [
    "DATABASE_URL",
    "REDIS_URL",
    "WORKER_MODE",
    "MIGRATE_ON_START",
    "EMBEDDED_PG_PORT",
    "OUTPUT_DIR",
    "CDN_BASE_URL",
  ])
    delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith("UPSTREAM_")) delete env[name];
  return env;
}

/** Waits until the separate worker has finished one job end to end (it took it, and failed it offsite). */
async function waitForWorker(app: { baseUrl: string; apiKey: string }, worker: NodeChild, timeoutMs = 90_000) {
  const headers = { authorization: `Bearer ${app.apiKey}`, "content-type": "application/json" };
  const created = await fetch(`${app.baseUrl}/api/v1/videos/generations`, {
    method: "POST",
    headers,
    body: JSON.stringify({ model: BENCH_MODEL, prompt: "worker readiness probe", duration: 2, stream: false }),
  });
  if (created.status !== 202) throw new Error(`readiness create answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const died = worker.diedOnItsOwn();
    if (died) throw new Error(died);
    const res = await fetch(`${app.baseUrl}/api/v1/videos/result`, { method: "POST", headers, body: JSON.stringify({ id }) });
    const record = (await res.json()) as { status: string };
    if (record.status !== "processing") return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the separate worker did not finish a job within ${timeoutMs} ms`);
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);

/** A database migrated by the ops CLI once per run; every app gets a copy (migrating takes ~12 s). */
function migratedTemplate(ctx: BenchContext): Promise<{ url: string; stop(): Promise<void> }> {
  return shared("database:migrated-template", async () => {
    const url = await ctx.freshDatabase("migrated_template");
    ctx.log("  migrating a fresh database with the ops CLI (the template of every app's database)");
    await runNode(opsArgs("migrate"), { ...baseEnv(), DATABASE_URL: url, LOG_LEVEL: "warn" }, "migrate");
    // The runner drops it with the others.
    return { url, stop: async () => {} };
  });
}

let appsStarted = 0;

/** A fresh database for one app: registered with the runner (dropped at the end), then refilled from the template. */
async function migratedDatabase(ctx: BenchContext, label: string): Promise<string> {
  const template = await migratedTemplate(ctx);
  appsStarted += 1;
  const url = await ctx.freshDatabase(`app${appsStarted}_${label.replace(/\W/g, "_")}`);
  const admin = new pg.Client({ connectionString: ctx.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE ${databaseName(url)}`);
    await admin.query(`CREATE DATABASE ${databaseName(url)} TEMPLATE ${databaseName(template.url)}`);
  } finally {
    await admin.end();
  }
  return url;
}

export async function startApp(ctx: BenchContext, opts: AppOptions): Promise<BenchApp> {
  const databaseUrl = await migratedDatabase(ctx, opts.label);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `vgen-bench-${opts.label}-`));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const healthUrl = `${baseUrl}/api/health`;
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
    DATABASE_URL: databaseUrl,
    WORKER_MODE: "off",
    ACCOUNT_RATE_LIMIT_QPS: String(UNLIMITED_QPS),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...(opts.separateWorker ? OFFSITE_ENV : {}),
  };

  await raiseCatalogLimits(databaseUrl, !!opts.separateWorker);
  const { accountId, apiKey } = await seedAccount(databaseUrl, opts.label);

  const statements = opts.countStatements ? await startStatementCounter(databaseUrl) : null;
  const args = webServerArgs();
  ctx.log(
    `  ${opts.label}: starting the app (node ${args.join(" ")}${opts.redisUrl ? ", REDIS_URL" : ""}${opts.separateWorker ? ", separate worker" : ""})`,
  );
  const web = spawnNode(args, statements ? { ...env, DATABASE_URL: statements.url } : env, opts.label);
  const worker = opts.separateWorker ? spawnNode(opsArgs("worker"), env, `${opts.label}:worker`) : null;
  const stop = async () => {
    await Promise.all([stopProcess(web), worker ? stopProcess(worker) : Promise.resolve()]);
    await statements?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(healthUrl, web);
    if (worker) await waitForWorker({ baseUrl, apiKey }, worker);
  } catch (err) {
    await stop();
    throw err;
  }
  const failure = () => web.diedOnItsOwn() ?? worker?.diedOnItsOwn() ?? null;
  return { baseUrl, healthUrl, databaseUrl, apiKey, accountId, statements, failure, stop };
}
