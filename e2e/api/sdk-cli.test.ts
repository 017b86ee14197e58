// The `vgen` command (packages/sdk/dist/cli.js, as installed) run as a child process against the app.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Generation, Vgen } from "@vgen/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, newAccount, type TestAccount } from "../support/fixtures";

const CLI = fileURLToPath(new URL("../../packages/sdk/dist/cli.js", import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `vgen args…` with the account's key; `onStderr` sees stderr as it arrives. */
function vgen(key: string, args: string[], onStderr?: (text: string) => void): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      // Only what the command needs, so nothing of the test run (VGEN_* or otherwise) leaks in.
      env: { PATH: process.env.PATH, NODE_ENV: "production", VGEN_API_KEY: key, VGEN_BASE_URL: BASE_URL },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c;
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c;
      onStderr?.(stderr);
    });
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** `vid_… processing 40% ETA 3s`, with `  2nd in queue` while it waits to start. */
const PROGRESS_LINE = /^(vid_\S+) (processing|completed|failed|canceled) (\d+)% ETA (\d+m)?\d+s( {2}\d+(st|nd|rd|th) in queue)?$/;

let acct: TestAccount;
let dir: string;
beforeAll(async () => {
  acct = await newAccount({ balance: "20.00" });
  dir = await mkdtemp(path.join(os.tmpdir(), "vgen-cli-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("vgen CLI", () => {
  it("generate streams progress lines with a rising percentage and an ETA, downloads the clip and exits 0", async () => {
    const out = path.join(dir, "clip.mp4");
    const run = await vgen(acct.key, [
      "generate",
      "A red balloon over rooftops",
      "--model",
      "gen-3.1-fast",
      "--duration",
      "3",
      "--size",
      "720p",
      "--out",
      out,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.split("\n").filter((l) => PROGRESS_LINE.test(l));
    const parsed = lines.map((l) => PROGRESS_LINE.exec(l)!);
    expect(parsed.length).toBeGreaterThanOrEqual(2);
    const progress = parsed.map((m) => Number(m[3]));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
    expect(progress[0]).toBeLessThan(100);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(parsed.at(-1)![2]).toBe("completed");
    expect(lines.at(-1)).toMatch(/ETA 0s$/);
    expect(lines[0]).toMatch(/ETA [1-9]/);
    expect(run.stdout.trim()).toBe(out);
    expect(run.stderr).toContain(`saved ${out} (`);
    const bytes = await readFile(out);
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect((await stat(out)).size).toBe(bytes.length);
  });

  it("a generation that fails exits 5 and says why", async () => {
    const refusing = createServer((_req, res) => res.writeHead(404).end("gone"));
    await new Promise<void>((r) => refusing.listen(0, "127.0.0.1", r));
    try {
      const frame = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/frame.png`;
      const out = path.join(dir, "never.mp4");
      const run = await vgen(acct.key, [
        "generate",
        "From a missing frame",
        "--model",
        "gen-3.1-fast",
        "--duration",
        "1",
        "--first-frame",
        frame,
        "--out",
        out,
      ]);
      expect(run.code, run.stderr).toBe(5);
      expect(run.stderr).toMatch(/vid_\S+ failed: reference_fetch_failed: /);
      await expect(stat(out)).rejects.toThrow();
    } finally {
      await new Promise((r) => refusing.close(r));
    }
  });

  it("a generation canceled while the CLI waits exits 6", async () => {
    const client = new Vgen({ apiKey: acct.key, baseUrl: BASE_URL });
    let canceling: Promise<unknown> | undefined;
    const run = await vgen(
      acct.key,
      [
        "generate",
        "A slow sunrise",
        "--model",
        "gen-3.1-fast",
        "--duration",
        "8",
        "--size",
        "1080p",
        "--out",
        path.join(dir, "c.mp4"),
      ],
      (text) => {
        const id = /^(vid_\S+) processing/m.exec(text)?.[1];
        if (id && !canceling) canceling = client.generations.cancel(id);
      },
    );
    await canceling;
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toMatch(/vid_\S+ canceled\n/);
  });

  it("usage mistakes exit 2, a wrong key exits 3 with the request id and doc link", async () => {
    const noModel = await vgen(acct.key, ["generate", "no model given"]);
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toContain("--model");
    const unknownFlag = await vgen(acct.key, ["models", "--colour"]);
    expect(unknownFlag.code).toBe(2);
    const wrongKey = await vgen("vgk_wrong", ["models"]);
    expect(wrongKey.code).toBe(3);
    expect(wrongKey.stderr).toMatch(/\(request req_\S+\)/);
    expect(wrongKey.stderr).toContain(`${BASE_URL}/errors#invalid_api_key`);
  });

  it("list, get, cancel and download manage the account's generations", async () => {
    const own = await newAccount({ balance: "5.00" });
    const client = new Vgen({ apiKey: own.key, baseUrl: BASE_URL });
    const short = await client.generations.create({ model: "gen-3.1-fast", prompt: "to download", duration: 1 });
    const long = await client.generations.create({ model: "gen-3.1-fast", prompt: "to cancel", duration: 8, size: "1080p" });

    const canceled = await vgen(own.key, ["cancel", long.id, "--json"]);
    expect(canceled.code, canceled.stderr).toBe(0);
    expect(JSON.parse(canceled.stdout)).toMatchObject({ id: long.id, status: "canceled" });
    expect((await vgen(own.key, ["cancel", long.id])).code).toBe(4);

    // A generation still running is followed to its end, then saved.
    const out = path.join(dir, "downloaded.mp4");
    const download = await vgen(own.key, ["download", short.id, "--out", out]);
    expect(download.code, download.stderr).toBe(0);
    expect(download.stdout.trim()).toBe(out);
    expect((await readFile(out)).subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect((await vgen(own.key, ["download", long.id, "--out", path.join(dir, "never.mp4")])).code).toBe(6);

    const listed = await vgen(own.key, ["list", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((r: Generation) => [r.id, r.status])).toEqual([
      [long.id, "canceled"],
      [short.id, "completed"],
    ]);
    const table = await vgen(own.key, ["list", "--limit", "1"]);
    expect(
      table.stdout
        .trim()
        .split("\n")
        .map((line) => line.split(/\s+/).slice(0, 2)),
    ).toEqual([[long.id, "canceled"]]);
    const got = await vgen(own.key, ["get", short.id]);
    expect(got.stdout).toMatch(/^status {5}completed$/m);
  });

  it("status prints a generation and models lists the catalog", async () => {
    const created = await new Vgen({ apiKey: acct.key, baseUrl: BASE_URL }).generations.create({
      model: "gen-3.1-fast",
      prompt: "status",
      duration: 1,
    });
    const status = await vgen(acct.key, ["status", created.id, "--json"]);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ id: created.id, model: "gen-3.1-fast" });
    const missing = await vgen(acct.key, ["status", "vid_missing"]);
    expect(missing.code).toBe(4);
    const models = await vgen(acct.key, ["models"]);
    expect(models.code).toBe(0);
    expect(models.stdout).toMatch(/^gen-3\.1-fast\s+\$0\.150/m);
  });
});
