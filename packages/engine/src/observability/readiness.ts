import { randomBytes } from "node:crypto";
import { unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@vgen/db";
import { GENERATION_QUEUE, getBoss } from "../platform";
import { storageBackend } from "../storage";

/**
 * Readiness (`GET /api/health/ready`): whether this instance can do its work now, as opposed to
 * liveness (`GET /api/health`: the process is up and serving). A load balancer routes by the
 * first; a supervisor restarts by the second, so an outage of the database never restarts web
 * processes that would come back to the same outage.
 */
interface CheckResult {
  ok: boolean;
  ms: number;
  error?: string;
}
interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; storage: CheckResult; queue: CheckResult };
}

/** A check that has not answered by then has failed: a frozen dependency must not hang the probe. */
const CHECK_TIMEOUT_MS = 3000;

export async function readiness(db: Db): Promise<Readiness> {
  const [database, storage, queue] = await Promise.all([
    check(() => db.$queryRaw`SELECT 1`),
    check(checkStorageWritable),
    // pg-boss's own pool and schema: the queue every create and render goes through.
    check(async () => {
      if (!(await (await getBoss()).getQueue(GENERATION_QUEUE))) throw new Error(`queue ${GENERATION_QUEUE} is missing`);
    }),
  ]);
  return { ready: database.ok && storage.ok && queue.ok, checks: { database, storage, queue } };
}

async function check(fn: () => Promise<unknown>): Promise<CheckResult> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([fn(), timeout]);
    return { ok: true, ms: Date.now() - started };
  } catch (err) {
    return { ok: false, ms: Date.now() - started, error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** Stores and removes a small object the way outputs are stored: an unwritable store fails every render. */
async function checkStorageWritable(): Promise<void> {
  const store = await storageBackend();
  const name = `health-${randomBytes(6).toString("hex")}`;
  const file = path.join(await store.workDir(), name);
  await writeFile(file, "ok");
  try {
    await store.put(`${name}.probe`, file, 60);
    await store.remove(`${name}.probe`);
  } finally {
    await unlink(file).catch(() => {});
  }
}

/** The embedded PostgreSQL's supervisor, as the web process last heard from it (absent with DATABASE_URL). */
export interface DatabaseSupervisorState {
  state: "running" | "restarting";
  /** Restarts since the process started. */
  restarts: number;
  /** Why it last went down, and when. */
  lastExit?: { reason: string; at: string };
}

// On globalThis: server.ts reports it, and the health route Next.js bundled reads its own copy of this module.
const globalState = globalThis as unknown as { __vgenDatabaseSupervisor?: DatabaseSupervisorState };

export function reportDatabaseSupervisor(state: DatabaseSupervisorState): void {
  globalState.__vgenDatabaseSupervisor = state;
}

export function databaseSupervisor(): DatabaseSupervisorState | undefined {
  return globalState.__vgenDatabaseSupervisor;
}
