// Drill: SIGKILL of the server (web and worker in one process, the embedded default) mid-render,
// then a restart on the same data directory: the generation completes once and is charged once.
// Then a graceful stop (SIGTERM) with an event stream open: the stream ends with a final event
// telling the client to reconnect, and the generation still completes once after the next start.
// Last, the log of a SIGKILLed server: every line written a second before the kill is on its stdout.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@vgen/db";
import { startApp, waitForExit, type RunningApp } from "../support/app-process";
import {
  cleanUp,
  createDb,
  createPolled,
  drillAccount,
  drillEnv,
  ledgerTypesByGeneration,
  postmasterPid,
  report,
  until,
} from "../support/drill";
import { NO_VIOLATIONS, checkMoneyInvariants, waitForNoneProcessing } from "../support/invariants";

describe("SIGKILL of the server mid-render, and SIGTERM with a stream open", () => {
  const apps: RunningApp[] = [];
  let db: Db | undefined;
  afterAll(() => cleanUp(apps, [db]));

  it("completes the generation once after a restart on the same data directory, charged once", async () => {
    const env = drillEnv();
    const first = await startApp({ env, label: "server-kill-1" });
    apps.push(first);
    db = createDb(first.databaseUrl, 2);
    let current = first;
    const account = await drillAccount(db, () => current.baseUrl);

    const killed = await createPolled(account, { model: "gen-3.1-pro", prompt: "killed mid-render", duration: 4, size: "1080p" });
    const progress = await until("the render to report progress", async () => {
      const g = await db!.generation.findUnique({ where: { id: killed } });
      return g && g.progress > 0 ? g.progress : null;
    });
    first.server.kill("SIGKILL");
    await waitForExit(first.server);

    const restartedAt = Date.now();
    const second = await startApp({ env, label: "server-kill-2", dataDir: first.dataDir });
    apps.push(second);
    current = second;
    const startSeconds = (Date.now() - restartedAt) / 1000;
    await db.$disconnect(); // its connections went with the killed server's database
    db = createDb(second.databaseUrl, 2);
    const done = await until(
      "the killed generation to finish",
      async () => {
        const g = await db!.generation.findUnique({ where: { id: killed } });
        return g && g.status !== "processing" ? g : null;
      },
      120_000,
      500,
    );
    const killedTypes = (await ledgerTypesByGeneration(db, account.id))[killed];
    report(
      "server-kill",
      `killed at ${progress}% rendered; restarted in ${startSeconds.toFixed(1)} s; ${done.status} ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the kill, ` +
        `after ${done.attempts} attempts; ledger ${JSON.stringify(killedTypes)}`,
    );
    expect(done.status).toBe("completed");
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(killedTypes).toEqual(["charge", "hold", "hold_release"]);

    // Graceful stop with a stream open: the stream's last event tells the client to reconnect.
    const res = await account.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-pro", prompt: "streamed through a restart", duration: 4, size: "1080p" },
      signal: AbortSignal.timeout(60_000),
    });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("event: generation")) {
      const { done: ended, value } = await reader.read();
      if (ended) break;
      text += decoder.decode(value, { stream: true });
    }
    const streamed = /"id":"(vid_[^"]+)"/.exec(text)?.[1];
    expect(streamed).toBeTruthy();
    const stopping = second.stop();
    for (;;) {
      const { done: ended, value } = await reader.read();
      if (ended) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(await stopping).toBe(0);
    const events = text.trim().split(/\n\n/);
    const last = events.at(-1)!;
    report("server-stop", `stream ended after ${events.length} blocks; last: ${JSON.stringify(last.split("\n").slice(0, 2))}`);
    expect(last).toMatch(/^retry: \d+$/m);
    expect(last).toMatch(/^event: server_restarting$/m);

    const third = await startApp({ env, label: "server-kill-3", dataDir: first.dataDir });
    apps.push(third);
    current = third;
    await db.$disconnect();
    db = createDb(third.databaseUrl, 2);
    expect(await waitForNoneProcessing(third.databaseUrl, [account.id], 120_000)).toBe(0);
    const types = await ledgerTypesByGeneration(db, account.id);
    expect(types[streamed!]).toEqual(["charge", "hold", "hold_release"]);
    expect(await checkMoneyInvariants(third.databaseUrl, [account.id])).toEqual(NO_VIOLATIONS);
  });
});

// Logs survive a crash: a routine (buffered) line is on stdout within a second, so a SIGKILL
// loses at most the last second; "serving on" is written at once.
describe("SIGKILL of the server and its log", () => {
  let app: RunningApp | undefined;
  let db: Db | undefined;
  afterAll(async () => {
    // The killed server's PostgreSQL is left running: stop it before the data directory goes.
    if (app) process.kill(postmasterPid(app), "SIGINT");
    await until(
      "the orphaned PostgreSQL to stop",
      async () => !existsSync(path.join(app!.dataDir, "postgres", "postmaster.pid")),
    );
    await cleanUp([app], [db]);
  });

  it("keeps every line written at least a second before the kill", async () => {
    app = await startApp({ env: drillEnv({ LOG_LEVEL: "info" }), label: "log-loss" });
    db = createDb(app.databaseUrl, 2);
    const account = await drillAccount(db, app.baseUrl);
    await db.$disconnect();
    expect(app.output()).toMatch(/"msg":"vgen is serving on /);
    const res = await account.call("/api/v1/models");
    expect(res.status).toBe(200);
    const requestId = res.headers.get("x-request-id")!;
    expect(requestId).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1_500));
    app.server.kill("SIGKILL");
    await waitForExit(app.server);
    const line = app
      .output()
      .split("\n")
      .find((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"msg":"api request"'));
    report(
      "log-loss",
      line ? `the request's line was written before the kill: ${line.slice(0, 160)}` : "the request's line is missing",
    );
    expect(line).toBeTruthy();
  }, 120_000);
});
