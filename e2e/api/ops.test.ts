import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BASE_URL, uniqueEmail } from "../support/fixtures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs the ops CLI as an operator would, against the same database as the running app. */
function ops(...args: string[]) {
  const res = spawnSync(process.execPath, ["--import", "tsx", "packages/ops/src/cli.ts", ...args], {
    cwd: root,
    encoding: "utf8",
    env: process.env,
  });
  return { code: res.status, stdout: res.stdout.trim(), stderr: res.stderr.trim() };
}

describe("ops CLI", () => {
  it("creates an account, issues a key, credits and shows the balance; the key works on the API", async () => {
    const email = uniqueEmail("ops");
    const created = ops("create-account", "--email", email, "--password", "correct horse battery", "--role", "support");
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email, role: "support" });

    const issued = ops("issue-key", "--email", email, "--name", "server");
    expect(issued.code).toBe(0);
    const key = issued.stdout;
    expect(key).toMatch(/^vgk_[1-9A-HJ-NP-Za-km-z]{40}$/);

    const credit = ops("credit", "--email", email, "--amount", "12.50", "--reason", "wire transfer 42");
    expect(credit.code).toBe(0);
    expect(JSON.parse(credit.stdout)).toMatchObject({ amount: "$12.500", balance: "$12.500" });

    const balance = ops("balance", "--email", email);
    expect(JSON.parse(balance.stdout)).toEqual({ email, available: "$12.500", on_hold: "$0.000" });

    const res = await fetch(`${BASE_URL}/api/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const models = await res.json();
    expect(models.data.map((m: any) => m.id)).toEqual(["gen-3.1-pro", "gen-3-1080", "gen-3.1-fast"]);
    expect(models.data[0]).toMatchObject({
      price: "$0.480 / сек",
      rate_limit_qps: 18,
      min_charge_seconds: 4,
      queue: "Pro Priority",
      sizes: ["720p", "1080p", "4k"],
    });
    expect(models.data[1]).toMatchObject({
      price: "$0.320 / сек",
      rate_limit_qps: 20,
      min_charge_seconds: 3,
      queue: "Fast/Standard",
    });
  });

  it("refuses bad input with a clear message and a non-zero exit", () => {
    const res = ops("credit", "--email", "nobody@example.test", "--amount", "1", "--reason", "x");
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/no account with email/);
    const bad = ops("credit", "--email", "x@example.test");
    expect(bad.code).not.toBe(0);
  });
});
