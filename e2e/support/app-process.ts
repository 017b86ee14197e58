import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deployCommand, type ProcessRole } from "./deploy-commands";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  databaseUrl: string;
  server: ChildProcess;
  /** Separate worker processes (`ops worker`), in start order; a drill may kill one. */
  workers: ChildProcess[];
  /** Starts one more separate worker against this app's database and data directory. */
  addWorker(): ChildProcess;
  /** SIGTERM to every process still running; resolves with the web server's exit code. */
  stop(): Promise<number>;
  /** Everything the web server wrote to stdout so far (its JSON log lines). */
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * Runs a production process with compose.yaml's command for it (a compiled entry point: no TypeScript
 * at run time), with this test run's Node in place of `node`.
 */
function start(role: ProcessRole, env: NodeJS.ProcessEnv, label: string): ChildProcess {
  const [bin, ...args] = deployCommand(role);
  if (bin !== "node") throw new Error(`compose.yaml: the ${role} command must start with node, not ${bin}`);
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = (chunk: Buffer) =>
    `${chunk
      .toString()
      .split("\n")
      .filter(Boolean)
      .map((l) => `[${label}] ${l}`)
      .join("\n")}\n`;
  child.stdout!.on("data", (c: Buffer) => process.env.E2E_VERBOSE && process.stdout.write(prefix(c)));
  child.stderr!.on("data", (c: Buffer) => process.stderr.write(prefix(c)));
  return child;
}

export function waitForExit(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(128);
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))));
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before becoming healthy`);
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server at ${baseUrl} not healthy after ${timeoutMs} ms`);
}

/** Starts the app with compose.yaml's web command (what the start command runs too), on a free port and a fresh data dir. */
export async function startApp(opts: {
  env: NodeJS.ProcessEnv;
  label: string;
  migrateFirst?: boolean;
  /** Runs the worker in separate processes: `true` for one, or how many. */
  separateWorker?: boolean | number;
  dataDir?: string;
}): Promise<RunningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `vgen-${opts.label}-`));
  // mkdtemp makes it 0700; as root the embedded PostgreSQL runs as `postgres` and must traverse it.
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...opts.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    // Short lease so the crash-recovery test does not wait long.
    JOB_HEARTBEAT_SECONDS: opts.env.JOB_HEARTBEAT_SECONDS ?? "10",
  };
  if (opts.migrateFirst) {
    const migrate = start("migrate", env, `${opts.label}:migrate`);
    const code = await waitForExit(migrate);
    if (code !== 0) throw new Error(`ops migrate exited ${code}`);
  }
  const server = start("web", env, opts.label);
  let output = "";
  server.stdout!.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const workers: ChildProcess[] = [];
  const addWorker = () => {
    const worker = start("worker", env, `${opts.label}:worker${workers.length + 1}`);
    workers.push(worker);
    return worker;
  };
  for (let i = 0; i < Number(opts.separateWorker ?? 0); i++) addWorker();
  await waitForHealth(baseUrl, server);
  const databaseUrl = env.DATABASE_URL ?? (await readFile(path.join(dataDir, "database-url"), "utf8")).trim();
  const running = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;
  return {
    baseUrl,
    dataDir,
    databaseUrl,
    server,
    workers,
    addWorker,
    async stop() {
      for (const w of workers) if (running(w)) w.kill("SIGTERM");
      if (running(server)) server.kill("SIGTERM");
      const [code] = await Promise.all([waitForExit(server), ...workers.map(waitForExit)]);
      return code!;
    },
    output: () => output,
  };
}
