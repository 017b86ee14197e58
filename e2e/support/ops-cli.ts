import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Runs the ops CLI as staff run it in production (the build's compiled entry, docs/operations.md),
 * against the database in DATABASE_URL or the running embedded app's; the README walkthrough runs
 * `npm run ops` from source.
 */
export function ops(...args: string[]) {
  const res = spawnSync(process.execPath, ["packages/ops/dist/cli.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    env: process.env,
  });
  return { code: res.status, stdout: res.stdout.trim(), stderr: res.stderr.trim() };
}
