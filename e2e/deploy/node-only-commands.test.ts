// The README's and bench/README.md's commands on a machine with only Node.js and npm: no pnpm and no
// turbo on the PATH (scripts/run.mjs brings the pinned pnpm through npx). The PATH here holds node,
// npm, npx and sh (npm runs scripts with sh) and nothing else.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = mkdtempSync(path.join(os.tmpdir(), "vgen-node-only-"));
// Nothing of this process's environment but the test mode: the commands find what they need themselves.
const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: "test", PATH: bin, ...extra });
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function which(name: string): string {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  if (!found) throw new Error(`${name} is not on this machine's PATH`);
  return found;
}
for (const name of ["node", "npm", "npx", "sh"]) symlinkSync(which(name), path.join(bin, name));

function npm(args: string[], cwd = root) {
  const res = spawnSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: env({ HOME: os.homedir(), TURBO_TELEMETRY_DISABLED: "1", NEXT_TELEMETRY_DISABLED: "1" }),
    timeout: 600_000,
  });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

describe("commands with only node and npm on the PATH", () => {
  it("has no pnpm or turbo to find", () => {
    expect(spawnSync("sh", ["-c", "command -v pnpm || command -v turbo"], { env: env({}) }).status).not.toBe(0);
  });

  it("npm run bench installs and builds, then starts the bench (which refuses an unknown option)", () => {
    // The unknown option stops bench/run.ts right after it starts: the install and build steps of
    // `npm run bench` run in full, the benchmark itself does not.
    const { status, output } = npm(["run", "bench", "--", "--no-such-option"]);
    expect(output).not.toContain("Unable to find package manager binary");
    expect(output).toMatch(/Tasks: +(\d+) successful, \1 total/);
    expect(output).toContain("Unknown option '--no-such-option'");
    expect(status).not.toBe(0);
  }, 600_000);

  it("npm run -s ops -- help lists the operator commands", () => {
    const { status, output } = npm(["run", "-s", "ops", "--", "help"]);
    expect(status, output).toBe(0);
    expect(output).toContain("create-account");
  }, 120_000);

  it("npm pack ./packages/sdk builds the SDK and writes its tarball", () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "vgen-sdk-pack-"));
    try {
      const { status, output } = npm(["pack", "./packages/sdk", "--pack-destination", out]);
      expect(status, output).toBe(0);
      expect(readdirSync(out)).toEqual([expect.stringMatching(/^vgen-sdk-.+\.tgz$/)]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 300_000);
});
