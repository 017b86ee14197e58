import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "vgen-bad-config-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs a compiled entry point with the given variables on top of a clean environment. */
function run(entry: string, args: string[], vars: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const { DATABASE_URL: _db, ...base } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { cwd: root, env: { ...base, ...vars }, timeout: 60_000 },
      (err, _stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stderr });
      },
    );
  });
}

describe("a bad configuration stops the start", () => {
  it("the web server exits 1 with one line naming the variable, before starting anything", async () => {
    const dataDir = path.join(scratch, "web");
    const res = await run("apps/web/dist/server.mjs", [], { DATA_DIR: dataDir, PORT: "0", ACCOUNT_RATE_LIMIT_QPS: "abc" });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe("Invalid configuration: ACCOUNT_RATE_LIMIT_QPS: expected a number (an integer)");
    expect(existsSync(dataDir), "no embedded database was started").toBe(false);
  });

  it("the ops CLI (and so a separate worker) refuses the same way, naming every bad variable", async () => {
    const res = await run("packages/ops/dist/cli.mjs", ["worker"], {
      DATA_DIR: path.join(scratch, "ops"),
      WORKER_MODE: "separate",
      REDIS_URL: "localhost:6379",
    });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      "Invalid configuration: REDIS_URL: expected a redis:// or rediss:// URL; WORKER_MODE: expected embedded or off",
    );
  });
});
