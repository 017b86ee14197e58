import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../src/embedded-postgres";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function tempDataDir() {
  // mkdtemp makes a 0700 directory: used as the data directory itself (whose owner and mode the
  // module adjusts when running as root), never as an ancestor of it.
  const dir = await mkdtemp(path.join(os.tmpdir(), "vgen-epg-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function scalar(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows[0];
  } finally {
    await c.end();
  }
}

describe("startEmbeddedPostgres", () => {
  it("starts, answers queries, stops, and keeps data across restarts", async () => {
    const dataDir = await tempDataDir();
    const lines: string[] = [];
    const first = await startEmbeddedPostgres({ dataDir, port: 0, log: (l) => lines.push(l) });
    cleanups.push(first.stop);
    expect(first.url).toMatch(/^postgresql:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/vgen$/);
    expect(await scalar(first.url, "SELECT current_database() AS db, 1 + 1 AS two")).toEqual({ db: "vgen", two: 2 });
    await scalar(first.url, "CREATE TABLE kept (v text)");
    await scalar(first.url, "INSERT INTO kept VALUES ('hello')");
    await first.stop();
    await first.stop(); // idempotent
    await expect(scalar(first.url, "SELECT 1")).rejects.toThrow();
    expect(lines.some((l) => l.includes("ready to accept connections"))).toBe(true);

    const second = await startEmbeddedPostgres({ dataDir, port: 0 });
    cleanups.push(second.stop);
    expect(await scalar(second.url, "SELECT v FROM kept")).toEqual({ v: "hello" });
    await second.stop();
  });

  it("reports a port taken by another program", async () => {
    const dataDir = await tempDataDir();
    const blocker = net.createServer();
    const port = await new Promise<number>((r) =>
      blocker.listen(0, "127.0.0.1", () => r((blocker.address() as net.AddressInfo).port)),
    );
    try {
      await expect(startEmbeddedPostgres({ dataDir, port })).rejects.toThrow(/already in use by another program/);
    } finally {
      blocker.close();
    }
  });

  it("reclaims a server orphaned by a SIGKILLed parent, data intact", async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    // One node process (tsx as a loader, not the tsx CLI that would fork a second one), so the
    // SIGKILL hits the very process that started the server.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(here, "helpers/embedded-child.ts"), dataDir, String(port)],
      {
        cwd: repoRoot,
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    cleanups.push(async () => void child.kill("SIGKILL"));
    const ready = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (d) => {
        out += d;
        if (/READY|FAILED/.test(out)) resolve(out);
      });
      child.once("exit", (code) => reject(new Error(`child exited ${code}: ${out}`)));
    });
    expect(ready).toContain("READY");
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));

    // The orphan still runs (and holds the port) until reclaimed.
    const orphanUrl = ready.split(/\s+/)[1]!;
    expect(await scalar(orphanUrl, "SELECT note FROM survivor")).toEqual({ note: "written before SIGKILL" });

    const server = await startEmbeddedPostgres({ dataDir, port });
    cleanups.push(server.stop);
    expect(await scalar(server.url, "SELECT note FROM survivor WHERE id = 1")).toEqual({ note: "written before SIGKILL" });
    await server.stop();
  });

  it("supervised: a killed server is started again on the same port, data intact; while it cannot be, it keeps trying", async () => {
    const dataDir = await tempDataDir();
    const events: string[] = [];
    const retries: Array<{ attempt: number; nextDelayMs: number }> = [];
    const server = await startEmbeddedPostgres({
      dataDir,
      port: 0,
      supervise: {
        onDown: () => events.push("down"),
        onUp: () => events.push("up"),
        onRetry: (_err, attempt, nextDelayMs) => retries.push({ attempt, nextDelayMs }),
      },
    });
    cleanups.push(server.stop);
    await scalar(server.url, "CREATE TABLE kept (v text)");
    await scalar(server.url, "INSERT INTO kept VALUES ('before the kill')");

    const postmasterPid = () => Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    const killed = postmasterPid();
    process.kill(killed, "SIGKILL");
    const deadline = Date.now() + 60_000;
    let value: unknown;
    while (Date.now() < deadline && !value) {
      value = await scalar(server.url, "SELECT v FROM kept").catch(() => null);
      if (!value) await new Promise((r) => setTimeout(r, 200));
    }
    expect(value).toEqual({ v: "before the kill" });
    while (Date.now() < deadline && events.length < 2) await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual(["down", "up"]);
    expect(postmasterPid()).not.toBe(killed);

    // The port taken by another program while the server is down: every restart fails.
    const port = Number(new URL(server.url).port);
    process.kill(postmasterPid(), "SIGKILL");
    const blocker = net.createServer();
    for (let listening = false; !listening; ) {
      listening = await new Promise<boolean>((r) => {
        blocker.once("error", () => r(false));
        blocker.listen(port, "127.0.0.1", () => r(true));
      });
      if (!listening) await new Promise((r) => setTimeout(r, 20));
    }
    // Attempts go on, each waiting longer (up to 3 s), until the port is free again.
    try {
      while (Date.now() < deadline && retries.length < 3) await new Promise((r) => setTimeout(r, 50));
      expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
      expect(retries.map((r) => r.nextDelayMs)).toEqual([...retries.map((r) => r.nextDelayMs)].sort((a, b) => a - b));
      expect(Math.max(...retries.map((r) => r.nextDelayMs))).toBeLessThanOrEqual(3_000);
    } finally {
      blocker.close();
    }
    let back: unknown;
    while (Date.now() < deadline && !back) {
      back = await scalar(server.url, "SELECT v FROM kept").catch(() => null);
      if (!back) await new Promise((r) => setTimeout(r, 200));
    }
    expect(back).toEqual({ v: "before the kill" });
    while (Date.now() < deadline && events.length < 4) await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual(["down", "up", "down", "up"]);
  }, 120_000);
});
