// `vgen quote` (the create's flags, a binding quote printed), `vgen generate --quote-id`, and the
// wait's progress showing the queue position as `event: queue` moves the generation up.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "../src/cli/exit-codes";
import { main } from "../src/cli/main";
import { ordinal } from "../src/cli/progress";
import { json, localServer, record } from "./local-server";

type Handler = Parameters<typeof localServer>[0][number];

const QUOTE = {
  quote_id: "quo_7",
  model: "gen-3.1-fast",
  price: "$0.150 / сек",
  billed_seconds: 4,
  cost: "$0.600",
  eta_seconds: 42,
  expires_at: "2026-11-23T09:10:00Z",
  livemode: true,
};

/** Runs `vgen args…` in this process against `baseUrl`, capturing what it writes. */
async function vgen(baseUrl: string, args: string[]) {
  let stdout = "";
  let stderr = "";
  const sink = (append: (s: string) => void) =>
    ({
      write: (s: string) => {
        append(s);
        return true;
      },
    }) as unknown as NodeJS.WritableStream;
  process.env.VGEN_API_KEY = "vgk_test";
  const code = await main(
    ["--base-url", baseUrl, ...args],
    { stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)) },
    new AbortController().signal,
  );
  return { code, stdout, stderr };
}

/** A create's event stream: a waiting record, `queue` events moving it up, then it runs and completes. */
const queuedStream =
  (baseUrl: () => string): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(`event: generation\nid: 1\ndata: ${JSON.stringify(record({ queue_position: 3, eta_seconds: 30 }))}\n\n`);
    for (const [position, eta] of [
      [2, 20],
      [1, 10],
    ])
      res.write(`event: queue\ndata: ${JSON.stringify({ queue_position: position, eta_seconds: eta })}\n\n`);
    res.write(`event: generation\nid: 2\ndata: ${JSON.stringify(record({ progress: 10, queue_position: null }))}\n\n`);
    const done = record({
      status: "completed",
      progress: 100,
      eta_seconds: 0,
      queue_position: null,
      output: [{ url: `${baseUrl()}/cdn/vid_test.mp4`, resolution: "720p", duration: 2 }],
    });
    res.end(`event: generation\nid: 100\ndata: ${JSON.stringify(done)}\n\n`);
  };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "vgen-quote-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("vgen quote and queue position", () => {
  it("quote sends the create's body and prints quote id, cost, billed seconds, ETA and expiry", async () => {
    const server = await localServer([json(200, QUOTE), json(200, QUOTE)]);
    try {
      const shown = await vgen(server.baseUrl, ["quote", "a boat", "--model", "gen-3.1-fast", "--duration", "4", "--audio"]);
      expect(shown.code).toBe(EXIT.completed);
      expect(server.requests[0]).toMatchObject({ method: "POST", url: "/api/v1/videos/quote" });
      expect(JSON.parse(server.requests[0]!.body)).toEqual({
        model: "gen-3.1-fast",
        prompt: "a boat",
        duration: 4,
        generateAudio: true,
      });
      expect(shown.stdout).toBe(
        "quote_id   quo_7\ncost       $0.600 (4s × $0.150 / сек)\neta        42s\nexpires    2026-11-23T09:10:00Z\n",
      );
      expect(shown.stderr).toContain("--quote-id quo_7");
      const asJson = await vgen(server.baseUrl, ["quote", "a boat", "--model", "gen-3.1-fast", "--json"]);
      expect(JSON.parse(asJson.stdout)).toEqual(QUOTE);
    } finally {
      await server.close();
    }
  });

  it("quote refuses what generate refuses, before any request", async () => {
    const server = await localServer([json(200, QUOTE)]);
    try {
      expect((await vgen(server.baseUrl, ["quote", "a boat"])).code).toBe(EXIT.usage);
      expect((await vgen(server.baseUrl, ["quote", "a boat", "--model", "m", "--duration", "2.5"])).code).toBe(EXIT.usage);
      expect((await vgen(server.baseUrl, ["generate", "a boat", "--model", "m", "--quote-id", "vid_not_a_quote"])).code).toBe(
        EXIT.usage,
      );
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it("create --quote-id sends quoteId, and the progress lines show the place in the queue as it drops", async () => {
    const server = await localServer([
      (req, res, seen) =>
        seen.url === "/cdn/vid_test.mp4"
          ? res.writeHead(200, { "content-type": "video/mp4" }).end("....ftypisom")
          : queuedStream(() => server.baseUrl)(req, res, seen),
    ]);
    try {
      const out = path.join(dir, "quoted.mp4");
      const args = ["create", "a boat", "--model", "gen-3.1-fast", "--quote-id", "quo_7", "--progress", "lines", "--out", out];
      const run = await vgen(server.baseUrl, args);
      expect(run.code).toBe(EXIT.completed);
      expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ prompt: "a boat", quoteId: "quo_7" });
      expect(run.stderr.split("\n").filter((l) => l.startsWith("vid_test processing"))).toEqual([
        "vid_test processing 0% ETA 30s  3rd in queue",
        "vid_test processing 0% ETA 20s  2nd in queue",
        "vid_test processing 0% ETA 10s  1st in queue",
        "vid_test processing 10% ETA 5s",
      ]);
    } finally {
      await server.close();
    }
  });

  it("spells ordinals in English", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });
});
