// SSRF drill: the create endpoint of a real app (started without ALLOW_PRIVATE_NETWORK_FETCH, as
// in production) refuses every form of the SSRF table in every URL parameter, with the catalog's
// `invalid_url`, before anything is held, charged, queued or fetched. The probes come from a $0
// account, so a form that slipped through could never become a job that connects out: it would
// answer 402 instead, and fail here.
import { rm } from "node:fs/promises";
import { createDb, type Db } from "@vgen/db";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { REFUSED_URLS } from "../../packages/engine/test/helpers/ssrf-forms";
import { startApp, type RunningApp } from "../support/app-process";
import { NO_VIOLATIONS, checkMoneyInvariants } from "../support/invariants";

const PARAMS = [
  { param: "webHook", body: (url: string) => ({ webHook: url }) },
  { param: "firstFrameUrl", body: (url: string) => ({ firstFrameUrl: url }) },
  { param: "urls[0]", body: (url: string) => ({ urls: [url] }) },
];

let app: RunningApp;
let db: Db;

beforeAll(async () => {
  // Production settings: the private-network switch the other suites use is off here.
  const { ALLOW_PRIVATE_NETWORK_FETCH: _allow, DATABASE_URL: _db, ...env } = process.env;
  // The probes go out back to back; the per-account ceiling (100/s) is not what this drill tests.
  app = await startApp({
    env: { ...env, NODE_ENV: "production", LOG_LEVEL: "warn", ACCOUNT_RATE_LIMIT_QPS: "10000" },
    label: "ssrf",
  });
  db = createDb(app.databaseUrl, 2);
});

afterAll(async () => {
  await db?.$disconnect();
  if (!app) return;
  expect(await app.stop()).toBe(0);
  await rm(app.dataDir, { recursive: true, force: true });
});

it("refuses every address form of the SSRF table at request time and charges nothing", async () => {
  const account = await createAccount(db, { email: `ssrf-${Date.now()}@example.test` });
  const { key } = await issueApiKey(db, account.id, "ssrf");
  const wrong: string[] = [];
  let sent = 0;
  for (const [form, url] of REFUSED_URLS) {
    for (const { param, body } of PARAMS) {
      const res = await fetch(`${app.baseUrl}/api/v1/videos/generations`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "gen-3.1-fast", prompt: "ssrf probe", duration: 1, stream: false, ...body(url) }),
      });
      sent++;
      const answer = (await res.json()) as { error?: { code?: string; param?: string } };
      if (res.status !== 400 || answer.error?.code !== "invalid_url" || answer.error.param !== param) {
        wrong.push(`${form} (${url}) in ${param}: ${res.status} ${JSON.stringify(answer.error ?? answer)}`);
      }
    }
  }
  const generations = await db.generation.count({ where: { accountId: account.id } });
  const ledger = await db.ledgerEntry.count({ where: { accountId: account.id } });
  console.log(
    `SSRF table: ${REFUSED_URLS.length} address forms × ${PARAMS.length} URL parameters = ${sent} create requests; ` +
      `${sent - wrong.length} refused with invalid_url, ${generations} generations, ${ledger} ledger entries`,
  );
  expect(wrong).toEqual([]);
  expect(generations).toBe(0);
  expect(ledger).toBe(0);
  expect(await checkMoneyInvariants(app.databaseUrl, [account.id])).toEqual(NO_VIOLATIONS);
});
