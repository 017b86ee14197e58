// Proxies trusted by count (TRUST_PROXY=1): the app runs behind a tiny proxy that appends the peer
// address to X-Forwarded-For, as nginx's $proxy_add_x_forwarded_for and cloud load balancers do.
// Whatever a client writes into X-Forwarded-For itself sits left of that entry and is never taken
// for its address: a key restricted to an address is refused when the client only claims it, and
// rotating claimed addresses neither evades the bad-key rate limit nor the password lockout. The
// same production-like app (Stripe not configured) answers Stripe's webhook with the catalog's 503.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { rm } from "node:fs/promises";
import { createDb, type Db } from "@vgen/db";
import { checkedKeyRestrictions, createAccount, issueApiKey } from "@vgen/engine/accounts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app-process";
import { drillEnv } from "../support/drill";
import { uniqueEmail } from "../support/fixtures";

const PASSWORD = "correct horse battery staple";

let app: RunningApp;
let db: Db;
let proxy: http.Server;
let proxyUrl: string;

/** Forwards every request to the app, appending the address it heard from to X-Forwarded-For. */
function appendingProxy(target: URL): http.Server {
  return http.createServer((req, res) => {
    const peer = req.socket.remoteAddress ?? "unknown";
    const sent = req.headers["x-forwarded-for"];
    const headers = { ...req.headers, "x-forwarded-for": sent ? `${sent}, ${peer}` : peer };
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.headersSent || res.writeHead(502).end());
    req.pipe(upstream);
  });
}

beforeAll(async () => {
  // A low unauthenticated ceiling, so the rate-limit check below does not depend on how fast this machine sends.
  // Stripe left unconfigured (empty counts as unset), as on a deployment behind a proxy that takes bank transfers only.
  app = await startApp({
    env: drillEnv({ TRUST_PROXY: "1", UNAUTHENTICATED_RATE_LIMIT_QPS: "2", STRIPE_WEBHOOK_SECRET: "", STRIPE_SECRET_KEY: "" }),
    label: "trust-proxy",
  });
  db = createDb(app.databaseUrl, 2);
  proxy = appendingProxy(new URL(app.baseUrl));
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await db?.$disconnect();
  if (!app) return;
  expect(await app.stop()).toBe(0);
  await rm(app.dataDir, { recursive: true, force: true });
});

async function keyFrom(sources: string[]): Promise<string> {
  const account = await createAccount(db, { email: uniqueEmail("proxy") });
  const restrictions = await checkedKeyRestrictions(db, {
    allowedModels: [],
    readOnly: false,
    expiresAt: null,
    monthlySpendCapMicros: null,
    allowedSources: sources,
  });
  return (await issueApiKey(db, account.id, "proxied", restrictions)).key;
}

const models = (key: string, forwardedFor: string) =>
  fetch(`${proxyUrl}/api/v1/models`, { headers: { authorization: `Bearer ${key}`, "x-forwarded-for": forwardedFor } });

it("a key restricted to an address is refused when the client only claims that address", async () => {
  const elsewhere = await keyFrom(["203.0.113.7"]);
  for (const claimed of ["203.0.113.7", "203.0.113.7, 10.0.0.5"]) {
    const res = await models(elsewhere, claimed);
    expect(res.status, claimed).toBe(403);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("key_source_not_allowed");
    // The address the proxy heard from is the one judged.
    expect(body.error.message).toMatch(/this request came from 127\.0\.0\.1\.$/);
  }
  // The address the proxy appended is the client's: a key restricted to it works, whatever was claimed.
  const here = await keyFrom(["127.0.0.1"]);
  expect((await models(here, "203.0.113.7")).status).toBe(200);
});

it("rotating X-Forwarded-For values do not evade the bad-key rate limit", async () => {
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => models(`vgk_live_not_a_key_${i}`, `198.51.100.${i + 1}`).then((r) => r.status)),
  );
  expect(answers.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  // 2 per second from the one real address: nearly all 40 are refused, where one limit per claimed value let all through.
  expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
});

/** One credentials sign-in through the proxy, claiming `forwardedFor`: whether a session was opened, and next-auth's error. */
async function signIn(email: string, password: string, forwardedFor: string) {
  const csrf = await fetch(`${proxyUrl}/api/auth/csrf`, { headers: { "x-forwarded-for": forwardedFor } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";", 1)[0]!);
  const res = await fetch(`${proxyUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: jar.join("; "),
      origin: proxyUrl,
      "x-forwarded-for": forwardedFor,
    },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const { url } = (await res.json()) as { url: string };
  return {
    signedIn: res.headers.getSetCookie().some((c) => /session-token=[^;]/.test(c)),
    error: new URL(url).searchParams.get("error"),
  };
}

it("rotating X-Forwarded-For values do not evade the password lockout", async () => {
  const email = uniqueEmail("proxy-lockout");
  await createAccount(db, { email, password: PASSWORD, emailVerified: true });
  // Ten wrong passwords from one real address, each claiming another one.
  for (let i = 0; i < 10; i++) {
    const wrong = await signIn(email, `wrong password ${i}`, `192.0.2.${i + 1}`);
    expect(wrong.signedIn).toBe(false);
  }
  const right = await signIn(email, PASSWORD, "192.0.2.200");
  expect(right.signedIn).toBe(false);
  expect(right.error).toBe("locked");
});

it("a Stripe webhook to a deployment without Stripe gets the catalog's 503 with Retry-After, so Stripe retries it later", async () => {
  const res = await fetch(`${proxyUrl}/api/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    body: "{}",
  });
  expect(res.status).toBe(503);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  const body = (await res.json()) as { error: { code: string; message: string; doc_url: string; request_id: string } };
  expect(body.error).toMatchObject({ code: "service_unavailable", doc_url: `${app.baseUrl}/errors#service_unavailable` });
  expect(body.error.message).toMatch(/STRIPE_WEBHOOK_SECRET/);
  expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
});
