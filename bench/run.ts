/**
 * The bench runner: `npm run bench` (3 rounds of 10 s per side), `npm run bench -- --short` (CI: a couple
 * of seconds per round), `--only=create,poll` (cases by name or file name), `--out=DIR` (write the
 * report there and leave bench/README.md alone).
 *
 * It brings up PostgreSQL (BENCH_DATABASE_URL's server, else an embedded one in a temp dir) and
 * looks for Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379), runs every case in
 * bench/cases/, then prints the table and writes bench/results/latest.{json,md} and the README's
 * "last run" section. A target missed is reported, never a failure; the exit code is non-zero only
 * when a case crashed.
 */
import { chmodSync, existsSync, mkdtempSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { startEmbeddedPostgres } from "@vgen/db/embedded";
import { webServerArgs } from "./lib/app";
import { roundPlan } from "./lib/load";
import { repoRoot } from "./lib/process";
import { consoleTable, updateReadme, writeReport, type CaseOutcome, type RunReport } from "./lib/report";
import { stopShared } from "./lib/shared";
import type { BenchCase, BenchContext } from "./lib/types";

const benchDir = path.join(repoRoot, "bench");
const startedAt = new Date();
const clock = performance.now();

function log(message: string) {
  console.log(`[${((performance.now() - clock) / 1000).toFixed(1).padStart(6)}s] ${message}`);
}

interface Database {
  adminUrl: string;
  description: string;
  stop(): Promise<void>;
}

async function startDatabase(): Promise<Database> {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    const host = new URL(external);
    return { adminUrl: external, description: `PostgreSQL at ${host.hostname}:${host.port || 5432}`, stop: async () => {} };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "vgen-bench-pg-"));
  // mkdtemp makes it 0700; as root the embedded server runs as `postgres` and must traverse it.
  chmodSync(dir, 0o755);
  log("starting an embedded PostgreSQL");
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), port: 0 });
  return {
    adminUrl: server.url,
    description: "embedded PostgreSQL",
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function serverVersion(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version.split(" ")[0]!;
  } finally {
    await client.end();
  }
}

async function redisAnswering(url: string): Promise<boolean> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Creates databases on the bench server, named for this run, and drops them all at the end. */
function databaseFactory(adminUrl: string) {
  const created: string[] = [];
  const prefix = `vgen_bench_${process.pid}_`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  return {
    async fresh(name: string): Promise<string> {
      const db = `${prefix}${name.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`.slice(0, 63);
      if (created.includes(db)) throw new Error(`database ${db} was already created in this run`);
      await admin((c) => c.query(`CREATE DATABASE ${db}`));
      created.push(db);
      const url = new URL(adminUrl);
      url.pathname = `/${db}`;
      return url.toString();
    },
    async dropAll() {
      if (!created.length) return;
      await admin(async (c) => {
        for (const db of created.splice(0)) await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      });
    },
  };
}

function isBenchCase(value: unknown): value is BenchCase {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as BenchCase).name === "string" &&
    typeof (value as BenchCase).run === "function"
  );
}

/** Every bench/cases/*.ts, imported lazily; a file that cannot load is reported, not fatal. */
async function discoverCases(skipped: string[]): Promise<Array<{ file: string; benchCase: BenchCase }>> {
  const dir = path.join(benchDir, "cases");
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts")).sort();
  const found: Array<{ file: string; benchCase: BenchCase }> = [];
  for (const file of files) {
    try {
      const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
      const cases = [...new Set([mod.default, ...Object.values(mod)].filter(isBenchCase))];
      if (!cases.length) skipped.push(`${file}: exports no case`);
      for (const benchCase of cases) found.push({ file, benchCase });
    } catch (err) {
      skipped.push(`${file}: could not be loaded (${(err as Error).message})`);
    }
  }
  return found;
}

async function main() {
  const { values } = parseArgs({
    options: { short: { type: "boolean", default: false }, only: { type: "string" }, out: { type: "string" } },
    allowPositionals: false,
  });
  const only = values.only
    ? new Set(
        values.only
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
    : null;
  const skipped: string[] = [];

  if (!existsSync(path.join(repoRoot, "apps/web/.next/BUILD_ID"))) {
    throw new Error("the web app is not built: run `npm run build` first (`npm run bench` does)");
  }
  const all = await discoverCases(skipped);
  const selected = all.filter(({ file, benchCase }) => !only || only.has(benchCase.name) || only.has(file.replace(/\.ts$/, "")));
  if (only) {
    for (const name of only)
      if (!all.some(({ file, benchCase }) => benchCase.name === name || file === `${name}.ts`))
        skipped.push(`${name}: no such case`);
    for (const { benchCase } of all)
      if (!selected.some((s) => s.benchCase === benchCase)) skipped.push(`${benchCase.name}: not selected (--only)`);
  }
  log(`${values.short ? "short" : "normal"} mode; cases: ${selected.map((s) => s.benchCase.name).join(", ") || "none"}`);

  const database = await startDatabase();
  const databases = databaseFactory(database.adminUrl);
  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
  const redis = await redisAnswering(redisUrl);
  const version = await serverVersion(database.adminUrl);
  log(
    `${database.description} ${version}; Redis ${redis ? `at ${redisUrl}` : "not answering (production-path rows run without it)"}`,
  );

  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await stopShared(log);
    await databases.dropAll().catch((err: Error) => log(`could not drop bench databases: ${err.message}`));
    await database.stop().catch((err: Error) => log(`could not stop PostgreSQL: ${err.message}`));
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping`);
      void cleanup().finally(() => process.exit(130));
    });
  }

  const ctx: BenchContext = {
    short: values.short,
    adminUrl: database.adminUrl,
    freshDatabase: (name) => databases.fresh(name),
    redisUrl: redis ? redisUrl : null,
    log,
  };
  const plan = roundPlan(ctx);
  const outcomes: CaseOutcome[] = [];
  try {
    for (const [i, { file, benchCase }] of selected.entries()) {
      log(`== ${benchCase.name} (${i + 1}/${selected.length})`);
      const t0 = performance.now();
      const outcome: CaseOutcome = { name: benchCase.name, file: `bench/cases/${file}`, seconds: 0, rows: [] };
      try {
        outcome.rows = await benchCase.run(ctx);
      } catch (err) {
        outcome.error = (err as Error).stack ?? String(err);
        log(`${benchCase.name} failed: ${(err as Error).message}`);
      }
      outcome.seconds = Math.round((performance.now() - t0) / 100) / 10;
      outcomes.push(outcome);
      log(`== ${benchCase.name} done in ${outcome.seconds} s`);
    }
  } finally {
    log("stopping apps, floors and databases");
    await cleanup();
  }

  const report: RunReport = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    mode: values.short ? "short" : "normal",
    plan: `${plan.rounds} rounds of ${plan.seconds} s per side${plan.warmupSeconds ? ` after ${plan.warmupSeconds} s of warm-up` : ""}, alternating floor and app; medians`,
    environment: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? "unknown CPU",
      database: `${database.description} ${version}`,
      redis,
      appCommand: `node ${webServerArgs().join(" ")}`,
    },
    cases: outcomes.map((o) => ({ ...o, error: o.error?.split("\n")[0] })),
    skipped,
  };
  console.log(`\n${consoleTable(report)}\n`);
  for (const s of skipped) console.log(`not run: ${s}`);
  const outDir = values.out ? path.resolve(values.out) : path.join(benchDir, "results");
  const markdown = await writeReport(outDir, report);
  log(`report written to ${outDir}/latest.{json,md}`);
  if (!values.out) {
    if (await updateReadme(path.join(benchDir, "README.md"), markdown)) log("bench/README.md: last run updated");
    else log("bench/README.md has no last-run markers; left alone");
  }
  const crashed = outcomes.filter((o) => o.error);
  if (crashed.length) {
    for (const o of crashed) console.error(`\n${o.name} crashed:\n${o.error}`);
    process.exit(1);
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
