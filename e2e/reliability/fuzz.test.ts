// The fuzzer: every public REST endpoint (read from the OpenAPI document, which is built from the
// zod schemas), the dashboard's and CDN's routes, and every tRPC procedure (read from the app's
// router, inputs from their zod schemas) get thousands of hostile inputs: NUL, lone surrogates,
// huge and deeply nested values, wrong types, edge numbers, malformed bodies, paths and methods.
// Nothing may answer 5xx, every error must be the JSON envelope, and only accepted generations
// may touch the ledger.
import { connect } from "node:net";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUsd } from "@vgen/contracts";
import { createDb, type Db } from "@vgen/db";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { creditAccount } from "@vgen/engine/billing";
import { startApp, type RunningApp } from "../support/app-process";
import { CONTENT_TYPES, HOSTILE_VALUES, inputCases, RAW_BODIES, seedInput, type SeedTable } from "../support/fuzz-inputs";
import { NO_VIOLATIONS, checkMoneyInvariants, waitForNoneProcessing } from "../support/invariants";
import { readResult, sameOrigin, signIn, trpcRequest, type CallResult } from "../support/sessions";
import { listProcedures, type JsonSchema } from "../support/trpc-procedures";

const PASSWORD = "fuzz horse battery staple 42";
const { DATABASE_URL: _external, ...baseEnv } = process.env;
const CONCURRENCY = 12;
/** Node refuses a request head past 16 KiB and closes the socket; a client still sending may see the reset first. */
const MAX_HEAD_BYTES = 16 * 1024;

/** Plausible values by field name where the schema has no example (ids point at nothing, so no staff action lands). */
const SEEDS: SeedTable = {
  model: "gen-3.1-fast",
  modelId: "gen-3.1-fast",
  prompt: "a paper boat on a rainy street",
  duration: 1,
  size: "720p",
  stream: false,
  period: "2026-01",
  amount: "5",
  cap: "5",
  reason: "fuzzing the console",
  response: "fuzz response",
  useCase: "fuzzing every procedure with hostile inputs",
  name: "fuzz key",
  query: "fuzz",
  id: "vid_1111111111111111111111",
  accountId: "acct_1111111111111111111111",
  generationId: "vid_1111111111111111111111",
  keyId: "key_1111111111111111111111",
  invoiceId: "inv_1111111111111111111111",
  requestId: "tbr_1111111111111111111111",
  deliveryId: "whd_1111111111111111111111",
  routeId: "rte_1111111111111111111111",
  emailId: "eml_1111111111111111111111",
  password: PASSWORD,
};
/** Procedures whose seed must not act on real data (an admin editing the live catalog or its routes). */
const PROCEDURE_SEEDS: Record<string, SeedTable> = {
  "support.updateCatalog": { modelId: "fuzz-missing-model" },
  "support.addRoute": { modelId: "fuzz-missing-model" },
  "support.reorderRoutes": { modelId: "fuzz-missing-model" },
};

/** Path segments no encoder produces. */
const RAW_SEGMENTS = ["%zz", "%", "%00", "%ED%A0%80", "%C0%AF", "%2e%2e", "..", "%2F", "x".repeat(10_000), "%F0%9F%98%80"];
/** fetch cannot send TRACE or unknown methods: RAW_REQUESTS does. */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"];

interface Case {
  endpoint: string;
  label: string;
  url: string;
  init: RequestInit;
  /** A creating endpoint: ids in a 2xx answer are accepted generations. */
  creates?: boolean;
}

interface Finding {
  endpoint: string;
  label: string;
  status: number | string;
  body: string;
}

function stringsOnly(values: unknown[]): string[] {
  return values.filter((v): v is string => typeof v === "string");
}

/** Path and query values: every hostile string a client can percent-encode (lone surrogates cannot be: see RAW_SEGMENTS), and raw segments. */
function pathValues(): string[] {
  const encoded = stringsOnly(HOSTILE_VALUES).flatMap((v) => {
    try {
      return [encodeURIComponent(v.slice(0, 2000))];
    } catch {
      return [];
    }
  });
  return [...encoded, ...RAW_SEGMENTS];
}

function resolveRef(doc: OpenApi, schema: JsonSchema | undefined): JsonSchema | null {
  if (!schema) return null;
  if (schema.$ref) return doc.components.schemas[schema.$ref.split("/").pop()!] ?? null;
  return schema;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}
interface OpenApi {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

function bodyInit(
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array,
  contentType = "application/json",
): RequestInit {
  return { method, headers: { ...headers, ...(contentType ? { "content-type": contentType } : {}) }, body: body as BodyInit };
}

/** Cases for the public API, from its OpenAPI document. */
function restCases(baseUrl: string, doc: OpenApi, key: string): { cases: Case[]; endpoints: string[] } {
  const cases: Case[] = [];
  const endpoints: string[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [lower, op] of Object.entries(operations)) {
      const method = lower.toUpperCase();
      const endpoint = `${method} ${template}`;
      endpoints.push(endpoint);
      const auth: Record<string, string> = op.security?.length ? { authorization: `Bearer ${key}` } : {};
      const pathParams = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      const queryParams = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      const headerParams = (op.parameters ?? []).filter((p) => p.in === "header").map((p) => p.name);
      const schema = resolveRef(doc, op.requestBody?.content["application/json"]?.schema);
      const creates = method === "POST" && template === "/api/v1/videos/generations";
      const seedPath = pathParams.reduce(
        (p, name) => p.replace(`{${name}}`, encodeURIComponent(String(SEEDS[name] ?? "fuzz"))),
        template,
      );
      const seedBody = schema ? JSON.stringify(seedInput(schema, SEEDS)) : undefined;
      const send = (label: string, path: string, init: RequestInit) =>
        cases.push({ endpoint, label, url: `${baseUrl}${path}`, init, creates });
      const seedInit = (): RequestInit => (seedBody !== undefined ? bodyInit(method, auth, seedBody) : { method, headers: auth });

      for (const name of pathParams) {
        for (const value of pathValues())
          send(`path ${name}=${value.slice(0, 30)}`, template.replace(`{${name}}`, value), seedInit());
      }
      for (const name of queryParams) {
        for (const value of pathValues()) send(`query ${name}=${value.slice(0, 30)}`, `${seedPath}?${name}=${value}`, seedInit());
        for (const value of [
          "0",
          "-0",
          "1e309",
          "NaN",
          "9223372036854775808",
          "1.5",
          "101",
          "",
          "MjAyNi0wMS0wMVQwMDowMDowMC4wMDBafHZpZF94",
          "MDAwMC0wMS0wMVQwMDowMDowMC4wMDBafHZpZF94",
        ]) {
          send(`query ${name}=${value}`, `${seedPath}?${name}=${value}`, seedInit());
        }
      }
      for (const name of headerParams) {
        for (const value of ["", " ", "x".repeat(300), "\u00e9\u00ff latin1", "a\tb", "k".repeat(8000)]) {
          const init = seedInit();
          send(`header ${name}=${value.slice(0, 20)}`, seedPath, {
            ...init,
            headers: { ...(init.headers as Record<string, string>), [name]: value },
          });
        }
      }
      for (const authorization of [
        "",
        "Bearer",
        "Bearer \u00ff\u00fe",
        `Bearer ${"k".repeat(10_000)}`,
        "Basic Zm9vOmJhcg==",
        `Bearer ${key} extra`,
        `bearer ${key.toUpperCase()}`,
      ]) {
        const init = seedInit();
        send(`authorization=${authorization.slice(0, 20)}`, seedPath, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), authorization },
        });
      }
      for (const other of METHODS.filter((m) => m !== method))
        send(`method ${other}`, seedPath, { method: other, headers: auth });
      if (schema) {
        for (const c of inputCases(schema, SEEDS)) {
          send(`body ${c.label}`, seedPath, bodyInit(method, auth, "raw" in c ? c.raw : JSON.stringify(c.value)));
        }
        for (const raw of RAW_BODIES) send(`raw body ${raw.label}`, seedPath, bodyInit(method, auth, raw.body));
        for (const type of CONTENT_TYPES) send(`content-type ${type}`, seedPath, bodyInit(method, auth, seedBody!, type));
      }
    }
  }
  return { cases, endpoints };
}

/** Cases for the routes outside the OpenAPI document: dashboard downloads and streams, the CDN, health, auth, Stripe. */
function otherRouteCases(baseUrl: string, cookie: string): { cases: Case[]; endpoints: string[] } {
  const cases: Case[] = [];
  const session = { cookie, ...sameOrigin(baseUrl) };
  const routes: Array<{ endpoint: string; build: (v: string) => string; headers: Record<string, string> }> = [
    {
      endpoint: "GET /api/dashboard/generations/{id}/events",
      build: (v) => `/api/dashboard/generations/${v}/events`,
      headers: session,
    },
    { endpoint: "GET /api/dashboard/invoices/{id}/{doc}", build: (v) => `/api/dashboard/invoices/${v}/${v}`, headers: session },
    {
      endpoint: "GET /api/dashboard/ledger.csv",
      build: (v) => `/api/dashboard/ledger.csv?from=${v}&to=${v}&types=${v}`,
      headers: session,
    },
    { endpoint: "GET /cdn/{key}", build: (v) => `/cdn/${v}`, headers: {} },
    { endpoint: "GET /api/{unknown}", build: (v) => `/api/${v}`, headers: {} },
    { endpoint: "GET /api/v1/{unknown}", build: (v) => `/api/v1/${v}`, headers: {} },
    { endpoint: "GET /api/health", build: (v) => `/api/health?x=${v}`, headers: {} },
    { endpoint: "GET /api/metrics", build: (v) => `/api/metrics?x=${v}`, headers: {} },
    { endpoint: "GET /api/auth/session", build: (v) => `/api/auth/session?x=${v}`, headers: session },
  ];
  for (const route of routes) {
    for (const value of pathValues())
      cases.push({
        endpoint: route.endpoint,
        label: value.slice(0, 30),
        url: `${baseUrl}${route.build(value)}`,
        init: { headers: route.headers },
      });
    for (const method of METHODS)
      cases.push({
        endpoint: route.endpoint,
        label: `method ${method}`,
        url: `${baseUrl}${route.build("x")}`,
        init: { method, headers: route.headers },
      });
  }
  for (const raw of RAW_BODIES) {
    cases.push({
      endpoint: "POST /api/stripe/webhook",
      label: raw.label,
      url: `${baseUrl}/api/stripe/webhook`,
      init: bodyInit("POST", { "stripe-signature": "t=1,v1=00" }, raw.body),
    });
  }
  for (const value of stringsOnly(HOSTILE_VALUES)) {
    for (const field of ["email", "password"]) {
      const form = new URLSearchParams({
        email: "fuzz@example.test",
        password: PASSWORD,
        json: "true",
        [field]: value.slice(0, 5000),
      });
      cases.push({
        endpoint: "POST /api/auth/callback/credentials",
        label: `${field}=${value.slice(0, 20)}`,
        url: `${baseUrl}/api/auth/callback/credentials`,
        init: bodyInit("POST", session, form.toString(), "application/x-www-form-urlencoded"),
      });
    }
  }
  return {
    cases,
    endpoints: [...routes.map((r) => r.endpoint), "POST /api/stripe/webhook", "POST /api/auth/callback/credentials"],
  };
}

/** Cases for every tRPC procedure: field-level mutations of a seed from its zod schema, hostile inputs, raw bodies. */
function trpcCases(baseUrl: string, cookie: string): { cases: Case[]; procedures: number } {
  const cases: Case[] = [];
  const procedures = listProcedures();
  for (const proc of procedures) {
    const endpoint = `trpc ${proc.path}`;
    const seeds = { ...SEEDS, ...PROCEDURE_SEEDS[proc.path] };
    const creates = proc.path === "playground.create";
    for (const c of inputCases(proc.schema, seeds, (text) => `{"json":${text}}`)) {
      const { url, init } = trpcRequest(baseUrl, proc.path, proc.type, cookie, "raw" in c ? { raw: c.raw } : { value: c.value });
      cases.push({ endpoint, label: c.label, url, init, creates });
    }
    for (const raw of [
      '{"json":',
      '{"json":1,"meta":{"values":{"":["Date"]}}}',
      '{"json":"x","meta":{"values":["bigint"]}}',
      '{"json":"1e999","meta":{"values":["bigint"]}}',
      '{"json":{"a":"b"},"meta":{"values":{"a":["set"]}}}',
      "[]",
      "null",
    ]) {
      const { url, init } = trpcRequest(baseUrl, proc.path, proc.type, cookie, { raw });
      cases.push({ endpoint, label: `raw ${raw.slice(0, 30)}`, url, init, creates });
    }
    if (proc.type === "mutation") {
      for (const raw of RAW_BODIES) {
        cases.push({
          endpoint,
          label: `raw body ${raw.label}`,
          url: `${baseUrl}/api/trpc/${proc.path}`,
          init: bodyInit("POST", { cookie, ...sameOrigin(baseUrl) }, raw.body),
          creates,
        });
      }
    }
    // Batches of hostile calls, and the procedure with no session at all.
    cases.push({
      endpoint,
      label: "batch",
      url: `${baseUrl}/api/trpc/${proc.path},${proc.path}?batch=1&input=${encodeURIComponent('{"0":{"json":"\\u0000"},"1":{"json":null}}')}`,
      init: { headers: { cookie } },
    });
    const { url, init } = trpcRequest(baseUrl, proc.path, proc.type, null, { value: {} });
    cases.push({ endpoint, label: "signed out", url, init });
  }
  return { cases, procedures: procedures.length };
}

/** Requests no fetch client can send: broken request lines and headers, straight over a socket. */
const RAW_REQUESTS = [
  "FOO /api/v1/models HTTP/1.1\r\nHost: x\r\n\r\n",
  "TRACE /api/v1/models HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /api/v1/models\u0000 HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /api/v1/models HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n",
  "GET /api/v1/models HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0000b\r\n\r\n",
  `GET /api/v1/models HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
  "hello there\r\n\r\n",
  "GET /cdn/%zz HTTP/1.1\r\nHost: x\r\n\r\n",
  "POST /api/v1/videos/generations HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
  "POST /api/v1/videos/generations HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nabc",
];

function rawRequest(port: number, text: string): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error("raw request timed out")));
    socket.on("data", (d) => {
      data += d.toString("latin1");
      // One response is enough; keep-alive would hold the socket open.
      const head = data.indexOf("\r\n\r\n");
      const length = /content-length:\s*(\d+)/i.exec(data.slice(0, head));
      if (head !== -1 && length && data.length >= head + 4 + Number(length[1])) socket.destroy();
    });
    socket.on("close", () => {
      const head = data.slice(0, Math.max(0, data.indexOf("\r\n\r\n")));
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0),
        contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? "",
        body: data.slice(head.length + 4),
      });
    });
    socket.on("error", reject);
    socket.end(Buffer.from(text, "latin1"));
  });
}

describe("fuzzing every endpoint and procedure", () => {
  let app: RunningApp;
  let db: Db;
  const figures: Record<string, number | string> = {};

  beforeAll(async () => {
    app = await startApp({
      env: {
        ...baseEnv,
        LOG_LEVEL: "fatal",
        // The Stripe route refuses with 503 until configured; configured, it checks what it is sent.
        STRIPE_WEBHOOK_SECRET: "whsec_fuzz_local",
        ACCOUNT_RATE_LIMIT_QPS: "1000000",
        UNAUTHENTICATED_RATE_LIMIT_QPS: "1000000",
        LOGIN_ATTEMPTS_PER_ADDRESS: "1000000",
        SIGN_UPS_PER_ADDRESS_PER_HOUR: "1000000",
      },
      label: "fuzz",
    });
    db = createDb(app.databaseUrl, 4);
    // Rate limits would answer most of the burst with 429 before validation ran; the inputs are what is fuzzed here.
    await db.catalogModel.updateMany({ data: { rateLimitQps: 1_000_000 } });
  });

  afterAll(async () => {
    await db?.$disconnect();
    if (app) {
      await app.stop();
      rmSync(app.dataDir, { recursive: true, force: true });
    }
  });

  it("answers every hostile input without a 5xx, always in JSON, and charges nothing it refused", async () => {
    const owner = await createAccount(db, { email: `fuzz-owner-${Date.now()}@example.test`, password: PASSWORD, role: "admin" });
    const SETUP = parseUsd("500");
    await creditAccount(db, { accountId: owner.id, amountMicros: SETUP, type: "top_up", reason: "fuzz setup", actor: "test" });
    const { key } = await issueApiKey(db, owner.id, "fuzz");
    const cookie = await signIn(app.baseUrl, owner.email, PASSWORD);
    const doc = (await (await fetch(`${app.baseUrl}/api/v1/openapi.json`)).json()) as OpenApi;

    const rest = restCases(app.baseUrl, doc, key);
    const other = otherRouteCases(app.baseUrl, cookie);
    const procs = trpcCases(app.baseUrl, cookie);
    const cases = [...rest.cases, ...other.cases, ...procs.cases];

    const cancel = (id: string) =>
      fetch(`${app.baseUrl}/api/v1/videos/cancel`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ id }),
      });
    /** One retry when a kept-alive socket was closed under the request (a client race, not an answer). */
    const send = async (c: Case): Promise<CallResult> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await readResult(await fetch(c.url, { ...c.init, redirect: "manual", signal: AbortSignal.timeout(30_000) }));
        } catch (err) {
          if (attempt > 1 || !/ECONNRESET|other side closed/.test(String((err as Error).cause ?? err))) throw err;
        }
      }
    };
    const serverErrors: Finding[] = [];
    const nonJson: Finding[] = [];
    const resets: Finding[] = [];
    const accepted = new Set<string>();
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++]!;
        if (next % 1000 === 0) console.log(`[fuzz] ${next} cases, ${Math.round((Date.now() - started) / 1000)}s`);
        let result: CallResult;
        try {
          result = await send(c);
        } catch (err) {
          const finding = { endpoint: c.endpoint, label: c.label, status: String((err as Error).cause ?? err), body: "" };
          // Only a head Node refused as too large may be cut before its answer is read.
          (c.url.length > MAX_HEAD_BYTES ? resets : serverErrors).push(finding);
          continue;
        }
        const finding = { endpoint: c.endpoint, label: c.label, status: result.status, body: result.text.slice(0, 300) };
        if (result.status >= 500) serverErrors.push(finding);
        if (result.status >= 400 && c.init.method !== "HEAD" && (!/json/.test(result.contentType) || result.json === undefined))
          nonJson.push(finding);
        if (c.creates && result.status < 300) {
          // Canceled at once: renders would otherwise compete with the fuzzing for the CPU.
          for (const id of result.text.match(/vid_[1-9A-HJ-NP-Za-km-z]{10,}/g) ?? [])
            if (!accepted.has(id)) accepted.add(id) && (await cancel(id));
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const port = Number(new URL(app.baseUrl).port);
    for (const text of RAW_REQUESTS) {
      const answer = await rawRequest(port, text);
      const finding = {
        endpoint: "raw socket",
        label: JSON.stringify(text.slice(0, 40)),
        status: answer.status,
        body: answer.body.slice(0, 300),
      };
      if (answer.status === 0 || answer.status >= 500) serverErrors.push(finding);
      else if (answer.status >= 400 && !/json/.test(answer.contentType)) nonJson.push(finding);
      else if (answer.status >= 400)
        expect(JSON.parse(answer.body).error.code, finding.label).toMatch(/malformed_request|method_not_allowed|missing_api_key/);
    }
    const elapsed = Date.now() - started;
    // The answers named in the issue, by code.
    const codeOf = async (path: string, init?: RequestInit) =>
      ((await (await fetch(`${app.baseUrl}${path}`, init)).json()) as { error: { code: string } }).error.code;
    expect(await codeOf("/api/v1/videos/generations/%zz/events")).toBe("malformed_request");
    expect(await codeOf("/cdn/%zz")).toBe("malformed_request");
    expect(await codeOf("/api/v1/")).toBe("route_not_found");
    expect(await codeOf("/api/nope")).toBe("route_not_found");
    expect(
      await codeOf("/api/v1/videos/result", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: '{"id":"vid_\\u0000"}',
      }),
    ).toBe("invalid_parameter");
    expect(JSON.parse((await rawRequest(port, RAW_REQUESTS[1]!)).body).error.code).toBe("method_not_allowed");

    // Accepted generations were canceled; nothing else may have touched the account's money.
    const stuck = await waitForNoneProcessing(app.databaseUrl, [owner.id], 120_000);
    const generations = await db.generation.findMany({ where: { accountId: owner.id }, select: { id: true } });
    const ledger = await db.ledgerEntry.findMany({ where: { accountId: owner.id } });
    const strayEntries = ledger.filter(
      (e) => !(e.type === "top_up" && e.amountMicros === SETUP) && !(e.generationId && accepted.has(e.generationId)),
    );
    const invariants = await checkMoneyInvariants(app.databaseUrl, [owner.id]);
    const status = (await (await fetch(`${app.baseUrl}/api/v1/status`)).json()) as { indicator: string };

    const requests = cases.length + RAW_REQUESTS.length;
    Object.assign(figures, {
      cases: requests,
      endpoints: rest.endpoints.length + other.endpoints.length,
      procedures: procs.procedures,
      fiveHundreds: serverErrors.length,
      nonJson: nonJson.length,
      headResets: resets.length,
      accepted: accepted.size,
      strayLedgerEntries: strayEntries.length,
      seconds: Math.round(elapsed / 1000),
    });
    console.log(
      `[fuzz] ${requests.toLocaleString("en-US")} cases over ${figures.endpoints} endpoints and ${procs.procedures} procedures: ` +
        `${serverErrors.length} 5xx, ${nonJson.length} non-JSON; ${accepted.size} generations accepted and canceled, ` +
        `${strayEntries.length} ledger entries from refused requests; ${resets.length} oversized heads cut; ${figures.seconds}s`,
    );
    for (const f of [...serverErrors, ...nonJson].slice(0, 40))
      console.log(`[fuzz] ${f.status} ${f.endpoint} ${f.label}: ${f.body}`);

    const strays = await db.generation.findMany({
      where: { accountId: owner.id, id: { notIn: [...accepted] } },
      select: { id: true, prompt: true, modelId: true, duration: true, size: true, status: true },
    });
    for (const g of strays) console.log(`[fuzz] generation from a refused request: ${JSON.stringify(g).slice(0, 300)}`);
    expect(serverErrors, "5xx answers").toEqual([]);
    expect(nonJson, "error answers that are not JSON").toEqual([]);
    expect(stuck).toBe(0);
    expect(
      generations.map((g) => g.id).filter((id) => !accepted.has(id)),
      "generations created by refused requests",
    ).toEqual([]);
    expect(strayEntries, "ledger entries from refused requests").toEqual([]);
    expect(invariants).toEqual(NO_VIOLATIONS);
    // Refused input is the caller's failure, not the platform's.
    expect(status.indicator).not.toBe("degraded");
  });
});
