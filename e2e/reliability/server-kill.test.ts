// Drill: SIGKILL of the server (web and worker in one process, the embedded default) mid-render,
// then a restart on the same data directory: the generation completes once and is charged once.
// Then a graceful stop (SIGTERM) with an event stream open: the stream ends with a final event
// telling the client to reconnect, and the generation still completes once after the next start.
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
