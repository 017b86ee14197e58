import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseUsd } from "@vgen/contracts";
import { createDb, type Db } from "@vgen/db";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { creditAccount } from "@vgen/engine/billing";
import { callApiAt, type ApiCallInit } from "./api-call";
import type { RunningApp } from "./app-process";
import { uniqueEmail } from "./fixtures";

/**
 * The environment a drill's app runs with: this process's, minus any database or Redis it points
 * at (a drill owns its database), quiet logs, and a short job lease so that a killed worker's job
 * is taken up again within seconds.
 */
export function drillEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: process.env.E2E_VERBOSE ? "info" : "warn",
    JOB_HEARTBEAT_SECONDS: "10",
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.API_BASE_URL;
  return { ...env, ...extra };
}

export interface DrillAccount {
  id: string;
  email: string;
  key: string;
  /** Calls the app's API with this account's key, giving up after 30 s unless `init.signal` says otherwise. */
  call(path: string, init?: ApiCallInit): Promise<Response>;
}

/**
 * An account with an API key and a balance, created directly in the app's database. `baseUrl` is
 * where `call` reaches the app: a function for a drill whose app moves (restarts, several instances).
 * `tag` names the account in its email and key label.
 */
export async function drillAccount(
  db: Db,
  baseUrl: string | (() => string),
  {
    balanceMicros = parseUsd("100.00"),
    tag = "drill",
    password,
  }: { balanceMicros?: bigint; tag?: string /** Lets the owner sign in to the dashboard. */; password?: string } = {},
): Promise<DrillAccount> {
  const account = await createAccount(db, { email: uniqueEmail(tag), password });
  const { key } = await issueApiKey(db, account.id, tag);
  await creditAccount(db, { accountId: account.id, amountMicros: balanceMicros, type: "top_up", reason: "drill", actor: "test" });
  const base = typeof baseUrl === "string" ? () => baseUrl : baseUrl;
  return {
    id: account.id,
    email: account.email,
    key,
    call: (path, init = {}) => callApiAt(base(), key, path, { ...init, signal: init.signal ?? AbortSignal.timeout(30_000) }),
  };
}

/** Creates a generation in poll mode and returns its id (throws on anything but 202). */
export async function createPolled(
  account: DrillAccount,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await account.call("/api/v1/videos/generations", { method: "POST", json: { stream: false, ...body }, headers });
  const json = (await res.json()) as { id?: string };
  if (res.status !== 202 || !json.id) throw new Error(`create answered ${res.status}: ${JSON.stringify(json)}`);
  return json.id;
}

/** The pid of the app's embedded PostgreSQL server (the postmaster): the first line of its postmaster.pid. */
export function postmasterPid(app: RunningApp): number {
  return Number(readFileSync(path.join(app.dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
}

/**
 * Freezes the app's embedded PostgreSQL (SIGSTOP to the postmaster and every backend): connections
 * stay open and nothing answers, as with a hung host or a stalled disk. Returns the thaw (SIGCONT).
 */
export function freezePostgres(app: RunningApp): () => void {
  const postmaster = postmasterPid(app);
  const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(postmaster)], { encoding: "utf8" })
    .split("\n")
    .map((l) => Number(l.trim()))
    .filter((pid) => pid > 0);
  const frozen = [postmaster, ...children];
  for (const pid of frozen) process.kill(pid, "SIGSTOP");
  return () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // exited meanwhile
      }
    }
  };
}

/** Polls `check` until it returns a value, or throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Ledger entry types per generation of the account, e.g. { vid_x: ["charge", "hold", "hold_release"] }. */
export async function ledgerTypesByGeneration(db: Db, accountId: string): Promise<Record<string, string[]>> {
  const entries = await db.ledgerEntry.findMany({
    where: { accountId, generationId: { not: null } },
    select: { generationId: true, type: true },
  });
  const out: Record<string, string[]> = {};
  for (const e of entries) {
    const id = e.generationId!;
    out[id] = [...(out[id] ?? []), e.type];
  }
  for (const types of Object.values(out)) types.sort();
  return out;
}

/** The drill's figures, one line in the test output. */
export function report(name: string, figures: string) {
  console.log(`[drill] ${name}: ${figures}`);
}

/** Stops what is still running and removes the data directory. */
export async function cleanUp(apps: Array<RunningApp | undefined>, dbs: Array<Db | undefined> = []) {
  for (const app of apps) await app?.stop().catch(() => {});
  for (const db of dbs) await db?.$disconnect().catch(() => {});
  for (const dir of new Set(apps.map((a) => a?.dataDir))) if (dir) await rm(dir, { recursive: true, force: true });
}

export { createDb };
