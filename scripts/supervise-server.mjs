// The start command's process supervisor (no dependencies: it runs from a fresh clone's scripts).
import { spawn } from "node:child_process";
import { WEB_ENTRY, WEB_NODE_ARGS } from "./web-command.mjs";

/**
 * Runs the server, and runs it again whenever it exits unasked (a crash, a fatal error at start):
 * after 1 s, doubling up to 30 s while it keeps failing, from 1 s again once it ran a minute (its
 * embedded PostgreSQL is supervised inside it; this covers the process itself).
 * Ctrl+C and SIGTERM reach it directly and end both it and this supervisor.
 */
export function superviseServer(root, env) {
  const FIRST_DELAY_MS = 1000;
  const MAX_DELAY_MS = 30_000;
  const STABLE_AFTER_MS = 60_000;
  let child;
  let stopping = false;
  let delay = FIRST_DELAY_MS;
  const stop = (sig) => {
    stopping = true;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(sig);
    else process.exit(0);
  };
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => stop(sig));
  // `npm start` runs us through `sh -c`; a SIGTERM sent to npm ends that shell but not us. When our
  // parent goes away, stop the server as if we had been asked to, so nothing is left running.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop("SIGTERM"), 1000).unref();
  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, [...WEB_NODE_ARGS, WEB_ENTRY], { cwd: root, stdio: "inherit", env });
    child.on("exit", (code, signal) => {
      // Asked to stop (by us, or a SIGTERM to the server itself, which then exits 0): done.
      if (stopping || code === 0) process.exit(code ?? 1);
      if (Date.now() - startedAt >= STABLE_AFTER_MS) delay = FIRST_DELAY_MS;
      console.error(
        `[vgen start] the server exited (${signal ? `signal ${signal}` : `code ${code}`}); starting it again in ${delay / 1000} s`,
      );
      setTimeout(start, delay);
      delay = Math.min(MAX_DELAY_MS, delay * 2);
    });
  };
  start();
}
