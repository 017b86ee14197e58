/** Child processes of the bench: the app, its worker, the floors, the migrate CLI. */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Lines of a child's output echoed before it is muted: a failing app must not flood the report. */
const MAX_ECHOED_LINES = 12;
/** Lines kept after muting, printed if the process dies on its own. */
const KEPT_LINES = 30;

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
 * Runs `node <args>` from the repository root. Both streams are echoed with a label (the app logs
 * JSON to stdout, and the bench runs it at LOG_LEVEL=warn, so what it prints matters) until muted;
 * the last lines are kept and printed if the process exits before it is stopped. With
 * `quietStdout`, stdout is kept whole instead (for programs that answer on it).
 */
export type NodeChild = ChildProcess & {
  output: () => string;
  /** How the process ended when nobody stopped it (killed from outside, crashed), else null. */
  diedOnItsOwn: () => string | null;
};

export function spawnNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  label: string,
  opts: { quietStdout?: boolean } = {},
): NodeChild {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let echoed = 0;
  const recent: string[] = [];
  const echo = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      echoed += 1;
      if (echoed <= MAX_ECHOED_LINES) process.stderr.write(`  [${label}] ${line.slice(0, 1000)}\n`);
      else {
        if (echoed === MAX_ECHOED_LINES + 1) process.stderr.write(`  [${label}] (further output muted)\n`);
        recent.push(line.slice(0, 1000));
        if (recent.length > KEPT_LINES) recent.shift();
      }
    }
  };
  child.stdout!.on("data", (chunk: Buffer) => {
    if (opts.quietStdout) stdout += chunk.toString();
    else echo(chunk);
  });
  child.stderr!.on("data", echo);
  let died: string | null = null;
  child.once("exit", (code, signal) => {
    if (expectedExits.has(child)) return;
    died = `${label} exited on its own (code ${code}, signal ${signal})`;
    process.stderr.write(`  [${label}] ${died}${recent.length ? "; its last output:" : ""}\n`);
    for (const line of recent) process.stderr.write(`  [${label}] ${line}\n`);
  });
  return Object.assign(child, { output: () => stdout, diedOnItsOwn: () => died });
}

/** Children stopped by the bench or run to their end: their exit is no news. */
const expectedExits = new WeakSet<ChildProcess>();

function waitForExit(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(128);
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))));
}

/** Runs a node program to its end and returns its stdout; throws when it fails. */
export async function runNode(args: string[], env: NodeJS.ProcessEnv, label: string): Promise<string> {
  const child = spawnNode(args, env, label, { quietStdout: true });
  expectedExits.add(child);
  const code = await waitForExit(child);
  if (code !== 0) throw new Error(`${label} exited ${code}`);
  return child.output();
}

/** SIGTERM, then SIGKILL if the process has not exited after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  expectedExits.add(child);
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await waitForExit(child);
  clearTimeout(timer);
}

/** Waits until `url` answers 2xx; fails early when the process dies first. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      last = `${res.status} ${(await res.text()).slice(0, 200)}`;
      if (res.ok) return;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs} ms (last: ${last})`);
}
