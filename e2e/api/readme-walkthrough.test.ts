// The README's "Walkthrough with curl", taken from README.md itself and run with bash against the
// running app, so the README cannot drift from what the service and the ops CLI do.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BASE_URL, db, uniqueEmail } from "../support/fixtures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The first ```sh block after the "## Walkthrough with curl" heading. */
function walkthroughScript(): string {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.split(/^## Walkthrough with curl$/m)[1];
  const block = section?.match(/^```sh\n([\s\S]*?)^```$/m)?.[1];
  if (!block) throw new Error('README.md has no ```sh block under "## Walkthrough with curl"');
  return block;
}

describe("README walkthrough", () => {
  it("runs verbatim: account, key, balance, a streamed and a polled generation, the MP4 downloaded", async () => {
    const email = uniqueEmail("readme");
    const original = walkthroughScript();
    // The only substitutions: this app's address for the README's, and a fresh email so that
    // repeated runs against one database do not collide.
    expect(original).toContain("http://localhost:3000");
    expect(original).toContain("dev@example.com");
    const script = original.replaceAll("http://localhost:3000", BASE_URL).replaceAll("dev@example.com", email);

    const clip = path.join(root, "clip.mp4");
    expect(existsSync(clip), "a clip.mp4 left in the repository root would be overwritten").toBe(false);
    try {
      const run = spawnSync("bash", ["-c", `set -euo pipefail\n${script}`], {
        cwd: root,
        encoding: "utf8",
        env: process.env,
        timeout: 110_000,
      });
      expect(run.status, `walkthrough failed\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`).toBe(0);

      // 1. The account exists with the credited balance and one key.
      const account = await db().account.findUniqueOrThrow({ where: { email }, include: { apiKeys: true } });
      expect(account.apiKeys).toHaveLength(1);
      const topUp = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: account.id, type: "top_up" } });
      expect(topUp.amountMicros).toBe(20_000_000n);

      // 2. The key worked: both generations were created under this account and finished.
      const generations = await db().generation.findMany({ where: { accountId: account.id }, orderBy: { createdAt: "asc" } });
      expect(generations.map((g) => [g.modelId, g.status])).toEqual([
        ["gen-3.1-fast", "completed"],
        ["gen-3.1-pro", "completed"],
      ]);
      // The event stream ended with the finished record.
      expect(run.stdout).toMatch(/event: generation\n/);
      expect(run.stdout).toContain(`"id":"${generations[0]!.id}"`);

      // 3. The poll loop printed its progress and ended on completion.
      expect(run.stdout).toMatch(/^completed 100 0$/m);

      // 4. A real MP4: an ISO BMFF file starts with an `ftyp` box.
      const mp4 = readFileSync(clip);
      expect(mp4.subarray(4, 8).toString("latin1")).toBe("ftyp");
      expect(mp4.length).toBeGreaterThan(1000);
    } finally {
      rmSync(clip, { force: true });
    }
  });
});
