// `vgen listen` and `vgen trigger` (docs/api.md#listen): the built CLI (packages/sdk/dist/cli.js) as a child
// process forwards the account's events to a local receiver, which verifies each one with the
// `standardwebhooks` package and the secret the CLI printed. Nothing on the server connects to the receiver:
// the account has no endpoint and the generation no webHook.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { resendDelivery } from "@vgen/engine/delivery";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, db, newAccount, type TestAccount, waitForTerminal } from "../support/fixtures";

const CLI = fileURLToPath(new URL("../../packages/sdk/dist/cli.js", import.meta.url));

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** What `standardwebhooks` made of it with the printed secret; null when verification failed. */
  verified: { type: string; data: Record<string, unknown> } | null;
}

interface Listener {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first stdout match of `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
}

async function until<T>(what: () => T | undefined | null | false, label: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function startListen(key: string, args: string[]): Listener {
  const child = spawn(process.execPath, [CLI, "listen", ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", VGEN_API_KEY: key, VGEN_BASE_URL: BASE_URL },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c: Buffer) => {
    stdout += c;
  });
  child.stderr!.on("data", (c: Buffer) => {
    stderr += c;
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForOutput: (pattern, timeoutMs) =>
      until(() => pattern.exec(stdout), `${pattern} in vgen listen's output:\n${stdout}\n${stderr}`, timeoutMs),
  };
}

function runCli(key: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
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
    });
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

let acct: TestAccount;
let server: Server;
let hookUrl: string;
let secret = "";
const received: Received[] = [];
let listener: Listener;

beforeAll(async () => {
  acct = await newAccount({ balance: "5.00" });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified: Received["verified"] = null;
      try {
        verified = new Webhook(secret).verify(body, req.headers as Record<string, string>) as Received["verified"];
      } catch {
        verified = null;
      }
      received.push({ headers: req.headers, body, verified });
      res.writeHead(verified ? 204 : 400).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  listener = startListen(acct.key, ["--forward-to", hookUrl, "--events", "generation.completed"]);
  secret = (await listener.waitForOutput(/signing secret is (whsec_\S+)/))[1]!;
});

afterAll(async () => {
  listener?.child.kill("SIGINT");
  await new Promise<void>((r) => server.close(() => r()));
});

describe("vgen listen", () => {
  it("forwards a real generation's completed event, signed with the printed secret, and prints a line for it", async () => {
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-fast", duration: 1, prompt: "listen to me", stream: false },
    });
    expect(res.status).toBe(202);
    const created = (await res.json()) as { id: string };
    const final = await waitForTerminal(acct, created.id);
    expect(final.status).toBe("completed");
    const event = await until(
      () => received.find((r) => (r.verified?.data as { id?: string } | undefined)?.id === created.id),
      "the completed event at the receiver",
    );
    expect(event.verified).toEqual({ type: "generation.completed", data: final });
    expect(event.headers["content-type"]).toBe("application/json");
    const id = String(event.headers["webhook-id"]);
    expect(id).toMatch(/^whd_/);
    // --events generation.completed: no processing or progress events were forwarded.
    expect(received.every((r) => r.verified?.type === "generation.completed")).toBe(true);
    await listener.waitForOutput(new RegExp(`^\\d\\d:\\d\\d:\\d\\d  generation\\.completed  ${id}  -> 204  \\d+ ms$`, "m"));

    // The delivery log keeps the exact body and the headers that were sent.
    const delivery = await db().webhookDelivery.findUniqueOrThrow({ where: { id }, include: { attempts: true } });
    expect(delivery).toMatchObject({ accountId: acct.id, generationId: created.id, status: "delivered", body: event.body });
    expect(delivery.endpointId).toBeNull();
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]!.requestHeaders).toMatchObject({
      "webhook-id": id,
      "webhook-timestamp": event.headers["webhook-timestamp"],
      "webhook-signature": event.headers["webhook-signature"],
    });

    // "Resend" sends the same event again: same webhook-id and body, so the receiver can dedupe.
    const before = received.length;
    const { attempt } = await resendDelivery(db(), acct.id, id);
    expect(attempt).toBeNull();
    const again = await until(() => received.slice(before).find((r) => r.headers["webhook-id"] === id), "the resent event");
    expect(again.body).toBe(event.body);
    expect(again.verified).toEqual(event.verified);
  });

  it("vgen trigger sends a sample event of the type to the listener", async () => {
    const before = received.length;
    const run = await runCli(acct.key, ["trigger", "generation.completed"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("Triggered generation.completed: 1 delivery queued\n");
    const sample = await until(() => received[before], "the triggered event");
    expect(sample.verified?.type).toBe("generation.completed");
    expect(sample.verified?.data).toMatchObject({ status: "completed", progress: 100 });
    await listener.waitForOutput(new RegExp(`generation\\.completed  ${sample.headers["webhook-id"]}  -> 204`));
  });

  it("vgen trigger refuses an unknown event type with exit 2 and the API's message", async () => {
    const run = await runCli(acct.key, ["trigger", "generation.exploded"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/event/);
  });

  it("a reconnect with the session id keeps the secret; an interrupt ends the CLI with 0", async () => {
    const session = await db().webhookListenSession.findFirstOrThrow({ where: { accountId: acct.id } });
    expect(session.secret).toBe(secret);
    const res = await fetch(`${BASE_URL}/api/v1/webhooks/listen?session=${session.id}`, {
      headers: { authorization: `Bearer ${acct.key}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(first).toContain(`event: session\ndata: ${JSON.stringify({ id: session.id, secret, events: [] })}`);
    const closed = new Promise<number | null>((r) => listener.child.on("close", (code) => r(code)));
    listener.child.kill("SIGINT");
    expect(await closed).toBe(0);
  });

  it("needs an API key and known event types", async () => {
    expect((await fetch(`${BASE_URL}/api/v1/webhooks/listen`)).status).toBe(401);
    const bad = await acct.call("/api/v1/webhooks/listen?events=generation.exploded");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string; param: string } }).error).toMatchObject({
      code: "invalid_parameter",
      param: "events",
    });
  });
});
