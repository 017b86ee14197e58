import http from "node:http";
import type { AddressInfo } from "node:net";
import { ApiError } from "@vgen/contracts";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newWebhookSecret } from "../src/delivery/signing-secret";
import { assertFetchableUrl, FetchRefusedError } from "../src/net/safe-fetch";
import { postWebhook, WEBHOOK_RESPONSE_BODY_LIMIT, webhookBody } from "../src/delivery/deliveries";
import { assertUrlAllowed } from "../src/net/url-policy";
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE, parseRetrySchedule } from "@vgen/config";
import { nextRetryDelayMs, WEBHOOK_TIMEOUT_MS, webhookRetrySchedule } from "../src/delivery/schedule";
import { signWebhook } from "../src/delivery/signing";

const ENV = "ALLOW_PRIVATE_NETWORK_FETCH";
const saved = process.env[ENV];
afterEach(() => {
  if (saved === undefined) delete process.env[ENV];
  else process.env[ENV] = saved;
});

describe("retry schedule", () => {
  it("parses the default schedule", () => {
    expect(DEFAULT_WEBHOOK_RETRY_SCHEDULE).toBe("5s,5m,30m,2h,5h,10h");
    expect(parseRetrySchedule(DEFAULT_WEBHOOK_RETRY_SCHEDULE)).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000,
    ]);
  });

  it("accepts ms, d, bare seconds, decimals and spaces", () => {
    expect(parseRetrySchedule(" 1s, 1s ,2s")).toEqual([1000, 1000, 2000]);
    expect(parseRetrySchedule("250ms,1.5s,3,1d")).toEqual([250, 1500, 3000, 86_400_000]);
    expect(parseRetrySchedule("2H,10M")).toEqual([7_200_000, 600_000]);
    expect(parseRetrySchedule("")).toEqual([]);
  });

  it("rejects malformed entries", () => {
    for (const bad of ["5x", "s", "-1s", "1s,,2s", "five"]) {
      expect(() => parseRetrySchedule(bad), bad).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    }
  });

  it("reads WEBHOOK_RETRY_SCHEDULE, falling back to the default", () => {
    expect(webhookRetrySchedule({ WEBHOOK_RETRY_SCHEDULE: "1s,1s,2s" })).toEqual([1000, 1000, 2000]);
    expect(webhookRetrySchedule({})).toHaveLength(6);
  });

  it("gives the delay after each automatic attempt, then null", () => {
    const s = parseRetrySchedule("1s,1s,2s");
    expect(nextRetryDelayMs(s, 1)).toBe(1000);
    expect(nextRetryDelayMs(s, 2)).toBe(1000);
    expect(nextRetryDelayMs(s, 3)).toBe(2000);
    expect(nextRetryDelayMs(s, 4)).toBeNull();
    expect(nextRetryDelayMs([], 1)).toBeNull();
  });
});

describe("signature", () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ type: "generation.completed", data: { id: "vid_x", prompt: "ünïcode ✓" } });

  it("is verified by standardwebhooks' Webhook.verify", () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const headers = signWebhook(secret, "whd_abc", body);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["webhook-id"]).toBe("whd_abc");
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it("is HMAC-SHA256 of {id}.{timestamp}.{body} with the decoded secret", async () => {
    const { createHmac } = await import("node:crypto");
    const at = new Date("2026-01-02T03:04:05.678Z");
    const headers = signWebhook(secret, "whd_abc", body, at);
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(at.getTime() / 1000)));
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key).update(`whd_abc.${headers["webhook-timestamp"]}.${body}`).digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${expected}`);
  });

  it("fails verification with another secret, another body or another id", () => {
    const headers = signWebhook(secret, "whd_abc", body);
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "whd_other" })).toThrow();
  });
});

describe("body", () => {
  it("puts type first and the record's fields in API order whatever the stored key order", () => {
    const record = {
      id: "vid_1",
      model: "gen-3.1-fast",
      status: "completed",
      price: "$0.150 / сек",
      eta_seconds: 0,
      queue_position: null,
      output: [
        {
          url: "http://x/cdn/vid_1.mp4",
          resolution: "720p",
          duration: 1,
          poster_url: "http://x/cdn/vid_1.jpg",
          expires_at: "2026-01-31T00:00:05Z",
          has_audio: false,
          expired: false,
        },
      ],
      created_at: "2026-01-01T00:00:00Z",
      prompt: "p",
      duration: 1,
      size: "720p",
      aspect_ratio: "16:9",
      progress: 100,
      seed: 7,
      negative_prompt: null,
      n: 1,
      generate_audio: false,
      billed_seconds: 4,
      cost: "$0.600",
      completed_at: "2026-01-01T00:00:05Z",
      quote_id: null,
      extended_from: null,
      extensions: [],
      concat_of: [],
      livemode: true,
    };
    const shuffled = Object.fromEntries(Object.entries(record).reverse());
    const body = webhookBody({ data: shuffled, type: "generation.completed" });
    expect(body).toBe(JSON.stringify({ type: "generation.completed", data: record }));
  });
});

describe("URL check at acceptance", () => {
  it("refuses loopback/private/metadata addresses and non-http schemes", async () => {
    delete process.env[ENV];
    for (const url of [
      "http://127.0.0.1:9/x",
      "http://10.0.0.1/",
      "http://169.254.169.254/latest",
      "http://[::1]/",
      "http://localhost:3000/hook",
      "ftp://example.com/",
    ]) {
      await expect(assertFetchableUrl(url), url).rejects.toBeInstanceOf(FetchRefusedError);
    }
    const err = await assertUrlAllowed("http://127.0.0.1/hook", "webHook").catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: "invalid_url", param: "webHook", status: 400 });
  });

  it("accepts public addresses, and private ones when ALLOW_PRIVATE_NETWORK_FETCH=1", async () => {
    delete process.env[ENV];
    await expect(assertFetchableUrl("https://93.184.215.14/hook")).resolves.toBeUndefined();
    process.env[ENV] = "1";
    await expect(assertFetchableUrl("http://127.0.0.1:9/hook")).resolves.toBeUndefined();
    await expect(assertUrlAllowed("http://localhost/hook", "webHook")).resolves.toBeUndefined();
  });
});

describe("postWebhook", () => {
  let server: http.Server;
  let base: string;
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ headers: req.headers, body });
        if (req.url === "/ok") res.writeHead(204).end();
        else if (req.url === "/big-error") res.writeHead(500).end("x".repeat(5000));
        else if (req.url === "/redirect") res.writeHead(302, { location: "/ok" }).end();
        else res.writeHead(404).end("nope");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const secret = newWebhookSecret();
  const payload = { type: "generation.failed", data: { id: "vid_2" } };

  it("POSTs the signed body; a 2xx is delivered", async () => {
    process.env[ENV] = "1";
    seen.length = 0;
    const out = await postWebhook({ id: "whd_1", url: `${base}/ok`, payload, body: null }, secret, WEBHOOK_TIMEOUT_MS);
    expect(out).toMatchObject({ ok: true, responseStatus: 204, error: null });
    expect(seen).toHaveLength(1);
    const { headers, body } = seen[0]!;
    expect(body).toBe(webhookBody(payload));
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["webhook-id"]).toBe("whd_1");
    expect(new Webhook(secret).verify(body, headers as Record<string, string>)).toEqual(JSON.parse(body));
  });

  it("a 5xx is a failure with the first 1 KB of the body; redirects are not followed", async () => {
    process.env[ENV] = "1";
    const failed = await postWebhook({ id: "whd_2", url: `${base}/big-error`, payload, body: null }, secret, WEBHOOK_TIMEOUT_MS);
    expect(failed).toMatchObject({ ok: false, responseStatus: 500, error: "HTTP 500" });
    expect(failed.responseBody).toHaveLength(WEBHOOK_RESPONSE_BODY_LIMIT);
    seen.length = 0;
    const redirected = await postWebhook(
      { id: "whd_3", url: `${base}/redirect`, payload, body: null },
      secret,
      WEBHOOK_TIMEOUT_MS,
    );
    expect(redirected).toMatchObject({ ok: false, responseStatus: 302 });
    expect(seen).toHaveLength(1);
  });

  it("network errors and refused addresses are failures, never throws", async () => {
    process.env[ENV] = "1";
    const closed = await postWebhook(
      { id: "whd_4", url: "http://127.0.0.1:1/", payload, body: null },
      secret,
      WEBHOOK_TIMEOUT_MS,
    );
    expect(closed.ok).toBe(false);
    expect(closed.responseStatus).toBeNull();
    expect(closed.error).toMatch(/failed/);
    delete process.env[ENV];
    const refused = await postWebhook({ id: "whd_5", url: `${base}/ok`, payload, body: null }, secret, WEBHOOK_TIMEOUT_MS);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/not allowed/);
  });
});
