#!/usr/bin/env node
// The README's commands on a fresh clone with only Node and npm:
//   npm start            -> install, build, start on the embedded default
//   npm test             -> install, build, run every test
//   npm run bench -- ... -> install, build, run the benchmark (bench/run.ts) with the arguments given
//   npm run build        -> install, build
// No dependencies: this runs before anything is installed.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import os from "node:os";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { superviseServer } from "./supervise-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PNPM_VERSION = "12.21.0";

function pnpmCommand() {
  const probe = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ["pnpm"];
  return ["npx", "-y", `pnpm@${PNPM_VERSION}`];
}

function run(cmd, args, env = process.env) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const [pnpm, ...pnpmPrefix] = pnpmCommand();
const [mode, ...modeArgs] = process.argv.slice(2);
if (!["start", "test", "bench", "build"].includes(mode)) {
  console.error("usage: node scripts/run.mjs start|test|build|bench [bench arguments]");
  process.exit(2);
}
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", NEXT_TELEMETRY_DISABLED: "1" };
// turbo looks for the package manager's binary on PATH; with only Node and npm there is none, so a
// `pnpm` that runs the pinned one through npx goes first on PATH for everything started from here.
if (pnpm === "npx") {
  const shimDir = mkdtempSync(path.join(os.tmpdir(), "vgen-pnpm-"));
  const shim = path.join(shimDir, "pnpm");
  writeFileSync(shim, `#!/bin/sh\nexec npx -y pnpm@${PNPM_VERSION} "$@"\n`);
  chmodSync(shim, 0o755);
  env.PATH = `${shimDir}${path.delimiter}${env.PATH ?? ""}`;
}

run(pnpm, [...pnpmPrefix, "install", "--frozen-lockfile"], env);
// The SDK's and the MCP server's builds (dist/) are what the API suite's SDK, CLI and MCP tests run,
// as a user who installs them would.
run(
  pnpm,
  [
    ...pnpmPrefix,
    "exec",
    "turbo",
    "run",
    "build",
    "--filter=@vgen/web",
    "--filter=@vgen/ops",
    "--filter=@vgen/sdk",
    "--filter=@vgen/mcp",
  ],
  env,
);

if (mode === "start") {
  superviseServer(root, env);
} else if (mode === "test") {
  run(process.execPath, ["--import", "tsx", "e2e/run-all.ts"], env);
} else if (mode === "bench") {
  run(process.execPath, ["--import", "tsx", "bench/run.ts", ...modeArgs], env);
}
