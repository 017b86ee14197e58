// Tenant isolation, enumerated: every tRPC procedure (read from the app's router), every public API
// operation that takes a generation id (read from the OpenAPI document) and every route with an id
// in its path (read from the app directory) is tried by account B on account A's objects. Each is
// refused (404/403) or, for a filter, answers without A's data, and A's state is unchanged after.
// A new procedure or route taking an id fails this test until it is listed below.
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUsd } from "@vgen/contracts";
import { createDb, newId, type Db } from "@vgen/db";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { creditAccount } from "@vgen/engine/billing";
import { inviteMember } from "@vgen/engine/orgs";
import { createProject } from "@vgen/engine/projects";
import { startApp, type RunningApp } from "../support/app-process";
import { until } from "../support/drill";
import { waitForNoneProcessing } from "../support/invariants";
import { readResult, signIn, trpc, trpcError, type CallResult } from "../support/sessions";
import { listProcedures } from "../support/trpc-procedures";

const PASSWORD = "isolation horse battery staple 7";
const { DATABASE_URL: _external, ...baseEnv } = process.env;
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../apps/web/src/app");

/** A's objects that B tries to reach. */
interface Victim {
  accountId: string;
  /** A binding quote of A's, not used yet. */
  quoteId: string;
  email: string;
  keyId: string;
  generationId: string;
  deliveryId: string;
  /** One of A's account webhook endpoints. */
  endpointId: string;
  invoiceId: string;
  requestId: string;
  /** One of A's API request log rows. */
  requestLogId: string;
  /** The route serving A's generation (shared by all accounts; the generation id is A's). */
  routeId: string;
  /** An email in the outbox addressed to A (only staff read the outbox). */
  emailId: string;
  /** A's browser session (the one the drill signed in with). */
  sessionId: string;
  /** An invitation into A's organization, still pending. */
  invitationId: string;
  /** A project of A's other than its default one. */
  projectId: string;
  /** An email domain A's organization claimed for single sign-on. */
  domainId: string;
}

/** A field naming an object: `id`, `accountId`, `deliveryId`... and `extendFrom` (the generation an extension continues). */
const ID_FIELD = /^id$|Id$|^extendFrom$/;
/** The create body A's binding quote is for; B sends it with A's quote id. */
const QUOTED_BODY = { model: "gen-3.1-fast", prompt: "isolation quote", duration: 1, size: "720p" };

type Expectation = "refused" | "filtered";
type Attack = { input: (a: Victim) => unknown; expect: Expectation };
/**
 * B's input naming A's object, for every procedure taking an id (a list: one attack per id field it
 * takes). "filtered": the id only narrows B's own list.
 */
const PROCEDURE_ATTACKS: Record<string, Attack | Attack[]> = {
  "apiKeys.revoke": { input: (a) => ({ id: a.keyId }), expect: "refused" },
  "apiKeys.rotate": { input: (a) => ({ id: a.keyId }), expect: "refused" },
  "apiKeys.restrict": {
    input: (a) => ({
      id: a.keyId,
      restrictions: { allowedModels: [], readOnly: true, expiresAt: null, monthlySpendCap: null, allowedSources: [] },
    }),
    expect: "refused",
  },
  "playground.get": { input: (a) => ({ id: a.generationId }), expect: "refused" },
  // B's playground create carrying A's binding quote: not found, and A's quote stays unused; or continuing A's clip.
  "playground.create": [
    { input: (a) => ({ ...QUOTED_BODY, quoteId: a.quoteId }), expect: "refused" },
    { input: (a) => ({ ...QUOTED_BODY, extendFrom: a.generationId }), expect: "refused" },
  ],
  "playground.quote": { input: (a) => ({ ...QUOTED_BODY, extendFrom: a.generationId }), expect: "refused" },
  "generations.get": { input: (a) => ({ id: a.generationId }), expect: "refused" },
  // B joining A's chain (its last clip): not found, and no join record is made for anyone.
  "generations.concat": { input: (a) => ({ id: a.generationId }), expect: "refused" },
  "generations.list": {
    input: (a) => ({ source: a.keyId, search: a.generationId, projectId: a.projectId }),
    expect: "filtered",
  },
  "requests.get": { input: (a) => ({ id: a.requestLogId }), expect: "refused" },
  "requests.list": { input: (a) => ({ apiKeyId: a.keyId, projectId: a.projectId }), expect: "filtered" },
  "webhooks.resend": { input: (a) => ({ deliveryId: a.deliveryId }), expect: "refused" },
  "webhooks.deliveries": { input: (a) => ({ generationId: a.generationId, endpointId: a.endpointId }), expect: "filtered" },
  "webhooks.endpoint": { input: (a) => ({ id: a.endpointId }), expect: "refused" },
  "webhooks.updateEndpoint": {
    input: (a) => ({ id: a.endpointId, url: "https://example.com/stolen", enabled: false, projectId: a.projectId }),
    expect: "refused",
  },
  // B's own endpoint, aimed at A's project: refused before the URL is looked at.
  "webhooks.createEndpoint": {
    input: (a) => ({ url: "https://example.com/stolen", events: ["generation.completed"], projectId: a.projectId }),
    expect: "refused",
  },
  "webhooks.deleteEndpoint": { input: (a) => ({ id: a.endpointId }), expect: "refused" },
  "webhooks.rollEndpointSecret": { input: (a) => ({ id: a.endpointId }), expect: "refused" },
  "webhooks.sendTestEvent": { input: (a) => ({ id: a.endpointId }), expect: "refused" },
  "webhooks.resumeEndpoint": { input: (a) => ({ id: a.endpointId }), expect: "refused" },
  "stats.usage": { input: (a) => ({ apiKeyId: a.keyId, projectId: a.projectId }), expect: "filtered" },
  "security.revokeSession": { input: (a) => ({ sessionId: a.sessionId }), expect: "refused" },
  "support.account": { input: (a) => ({ accountId: a.accountId }), expect: "refused" },
  "support.ledger": { input: (a) => ({ accountId: a.accountId }), expect: "refused" },
  "support.generations": { input: (a) => ({ accountId: a.accountId }), expect: "refused" },
  "support.generation": { input: (a) => ({ generationId: a.generationId }), expect: "refused" },
  "support.accountLink": { input: (a) => ({ accountId: a.accountId, kind: "password_reset" }), expect: "refused" },
  "support.auditLog": { input: (a) => ({ accountId: a.accountId }), expect: "refused" },
  "support.outboxMessage": { input: (a) => ({ emailId: a.emailId }), expect: "refused" },
  "support.adjust": { input: (a) => ({ accountId: a.accountId, amount: "-5", reason: "isolation probe" }), expect: "refused" },
  "support.setStatus": {
    input: (a) => ({ accountId: a.accountId, status: "suspended", reason: "isolation probe" }),
    expect: "refused",
  },
  "support.revokeKey": { input: (a) => ({ keyId: a.keyId, reason: "isolation probe" }), expect: "refused" },
  "support.refund": { input: (a) => ({ generationId: a.generationId, reason: "isolation probe" }), expect: "refused" },
  "support.markInvoicePaid": { input: (a) => ({ invoiceId: a.invoiceId, reason: "isolation probe" }), expect: "refused" },
  "support.grantTestBalance": {
    input: (a) => ({ requestId: a.requestId, amount: "5", response: "isolation probe" }),
    expect: "refused",
  },
  "support.declineTestBalance": { input: (a) => ({ requestId: a.requestId, response: "isolation probe" }), expect: "refused" },
  "support.updateCatalog": { input: () => ({ modelId: "gen-3.1-fast", enabled: false }), expect: "refused" },
  "support.resetTwoFactor": { input: (a) => ({ accountId: a.accountId, reason: "isolation probe" }), expect: "refused" },
  // B is no member of A's organization: B can neither act in it nor treat A as a member of B's own.
  "orgs.switch": { input: (a) => ({ accountId: a.accountId }), expect: "refused" },
  "orgs.changeRole": { input: (a) => ({ memberId: a.accountId, role: "viewer" }), expect: "refused" },
  "orgs.removeMember": { input: (a) => ({ memberId: a.accountId, keys: "revoke" }), expect: "refused" },
  "orgs.transferOwnership": { input: (a) => ({ memberId: a.accountId }), expect: "refused" },
  "orgs.revokeInvitation": { input: (a) => ({ id: a.invitationId }), expect: "refused" },
  "projects.rename": { input: (a) => ({ id: a.projectId, name: "stolen" }), expect: "refused" },
  "projects.updateLimits": {
    input: (a) => ({ id: a.projectId, monthlySpendCap: "1", rateLimitShare: 1, allowedModels: [] }),
    expect: "refused",
  },
  "projects.archive": { input: (a) => ({ id: a.projectId }), expect: "refused" },
  // A test key needs no verified email: the only thing refusing it is the project being A's.
  "apiKeys.create": { input: (a) => ({ name: "stolen", livemode: false, projectId: a.projectId }), expect: "refused" },
  // The person filter only narrows B's own organization's log: naming A finds nothing.
  "orgs.auditLog": { input: (a) => ({ actorId: a.accountId }), expect: "filtered" },
  "sso.verifyDomain": { input: (a) => ({ id: a.domainId }), expect: "refused" },
  "sso.removeDomain": { input: (a) => ({ id: a.domainId }), expect: "refused" },
};

/** Id fields that name no account's object, and why. */
const NOT_TENANT_IDS: Record<string, string> = {
  modelId: "a catalog model, shared by every account; a subscription to it is always the caller's own",
  routeId: "a model's provider route, shared by every account; only staff read it and only admins change it",
  clientId:
    "the OAuth client id an organization registered at its own identity provider; it is saved on the caller's own connection",
};

/** Routes with a dynamic segment: B's request on A's object, or why the segment names no account's object. */
const ROUTE_ATTACKS: Record<string, ((a: Victim, b: Attacker) => { url: string; init: RequestInit }) | string> = {
  "api/dashboard/generations/[id]/events": (a, b) => ({
    url: `/api/dashboard/generations/${a.generationId}/events`,
    init: { headers: { cookie: b.cookie } },
  }),
  "api/dashboard/invoices/[id]/[doc]": (a, b) => ({
    url: `/api/dashboard/invoices/${a.invoiceId}/invoice`,
    init: { headers: { cookie: b.cookie } },
  }),
  "api/v1/videos/generations/[id]/events": (a, b) => ({
    url: `/api/v1/videos/generations/${a.generationId}/events`,
    init: { headers: { authorization: `Bearer ${b.key}` } },
  }),
  // A provider's callback about A's generation, forged by B: no signature verifies it.
  "api/upstream/callbacks/[routeId]/[generationId]": (a) => ({
    url: `/api/upstream/callbacks/${a.routeId}/${a.generationId}`,
    init: {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "forged", status: "succeeded" }),
    },
  }),
  "api/trpc/[trpc]": "the procedure name; each procedure is enumerated above",
  "api/auth/[...nextauth]": "next-auth's own actions (sign-in, session); no object id",
  "api/v1/[...rest]": "unknown API paths; answers 404 for everything",
  "cdn/[key]": "a finished output's unguessable address, public by design as a CDN serves it",
};

interface Attacker {
  key: string;
  cookie: string;
}

function dynamicRoutes(dir: string, rel = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const next = rel ? `${rel}/${name}` : name;
    if (statSync(full).isDirectory()) return dynamicRoutes(full, next);
    return name === "route.ts" && rel.includes("[") ? [rel] : [];
  });
}

describe("tenant isolation on every procedure and route that takes an id", () => {
  let app: RunningApp;
  let db: Db;

  beforeAll(async () => {
    app = await startApp({ env: { ...baseEnv, LOG_LEVEL: "fatal" }, label: "isolation" });
    db = createDb(app.databaseUrl, 4);
  });

  afterAll(async () => {
    await db?.$disconnect();
    if (app) {
      await app.stop();
      rmSync(app.dataDir, { recursive: true, force: true });
    }
  });

  async function account(tag: string) {
    const created = await createAccount(db, { email: `iso-${tag}-${Date.now()}@example.test`, password: PASSWORD });
    await creditAccount(db, {
      accountId: created.id,
      amountMicros: parseUsd("50"),
      type: "top_up",
      reason: "isolation setup",
      actor: "test",
    });
    const { key, record } = await issueApiKey(db, created.id, `${tag} key`);
    return {
      id: created.id,
      email: created.email,
      key,
      keyId: record.id,
      cookie: await signIn(app.baseUrl, created.email, PASSWORD),
    };
  }

  /** Everything of A's that an attack could change. */
  async function stateOf(accountId: string) {
    // Read together; the names are the keys of the compared snapshot.
    const reads = {
      account: db.account.findUniqueOrThrow({
        where: { id: accountId },
        select: { balanceMicros: true, status: true, webhookSecret: true, role: true, totpEnabledAt: true },
      }),
      keys: db.apiKey.findMany({
        where: { accountId },
        select: { id: true, hash: true, revokedAt: true, readOnly: true, allowedModels: true, allowedSources: true },
        orderBy: { id: "asc" },
      }),
      generations: db.generation.findMany({ where: { accountId }, select: { id: true, status: true }, orderBy: { id: "asc" } }),
      quotes: db.quote.findMany({ where: { accountId }, select: { id: true, usedAt: true }, orderBy: { id: "asc" } }),
      ledger: db.ledgerEntry.findMany({ where: { accountId }, select: { id: true }, orderBy: { id: "asc" } }),
      deliveries: db.webhookDelivery.findMany({
        where: { accountId },
        select: { id: true, status: true, attemptCount: true, nextAttemptAt: true },
        orderBy: { id: "asc" },
      }),
      invoices: db.invoice.findMany({ where: { accountId }, select: { id: true, status: true }, orderBy: { id: "asc" } }),
      requests: db.testBalanceRequest.findMany({
        where: { accountId },
        select: { id: true, status: true },
        orderBy: { id: "asc" },
      }),
      subscriptions: db.subscription.findMany({
        where: { accountId },
        select: { modelId: true, status: true, monthlySpendCapMicros: true },
        orderBy: { modelId: "asc" },
      }),
      endpoints: db.webhookEndpoint.findMany({
        where: { accountId },
        select: { id: true, url: true, events: true, secret: true, enabled: true, description: true },
        orderBy: { id: "asc" },
      }),
      sessions: db.authSession.findMany({ where: { accountId }, select: { id: true, revokedAt: true }, orderBy: { id: "asc" } }),
      members: db.membership.findMany({
        where: { accountId },
        select: { memberId: true, role: true },
        orderBy: { memberId: "asc" },
      }),
      invitations: db.orgInvitation.findMany({
        where: { accountId },
        select: { id: true, revokedAt: true, acceptedAt: true },
        orderBy: { id: "asc" },
      }),
      projects: db.project.findMany({
        where: { accountId },
        select: {
          id: true,
          name: true,
          monthlySpendCapMicros: true,
          rateLimitShare: true,
          allowedModels: true,
          archivedAt: true,
        },
        orderBy: { id: "asc" },
      }),
      domains: db.orgDomain.findMany({ where: { accountId }, select: { id: true, verifiedAt: true }, orderBy: { id: "asc" } }),
      ssoConnection: db.ssoConnection.findUnique({
        where: { accountId },
        select: { issuer: true, clientId: true, enforce: true },
      }),
    };
    const values = await Promise.all(Object.values(reads));
    return JSON.stringify(Object.fromEntries(Object.keys(reads).map((name, i) => [name, values[i]])), (_k, v) =>
      typeof v === "bigint" ? v.toString() : v,
    );
  }

  it("refuses account B on every one of account A's objects, and A's state stays unchanged", async () => {
    const a = await account("a");
    const b = await account("b");

    // A's objects, made the way the app makes them where that is cheap (a generation, canceled so it
    // stays put), and written directly where the real path needs outside services (Stripe, a webhook receiver).
    const created = await fetch(`${app.baseUrl}/api/v1/videos/generations`, {
      method: "POST",
      headers: { authorization: `Bearer ${a.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gen-3.1-fast", prompt: "isolation", duration: 1, size: "720p", stream: false }),
    });
    expect(created.status).toBe(202);
    const generationId = ((await created.json()) as { id: string }).id;
    await fetch(`${app.baseUrl}/api/v1/videos/cancel`, {
      method: "POST",
      headers: { authorization: `Bearer ${a.key}`, "content-type": "application/json" },
      body: JSON.stringify({ id: generationId }),
    });
    expect(await waitForNoneProcessing(app.databaseUrl, [a.id], 60_000)).toBe(0);
    const quoted = await fetch(`${app.baseUrl}/api/v1/videos/quote`, {
      method: "POST",
      headers: { authorization: `Bearer ${a.key}`, "content-type": "application/json" },
      body: JSON.stringify(QUOTED_BODY),
    });
    expect(quoted.status).toBe(200);
    const quoteId = ((await quoted.json()) as { quote_id: string }).quote_id;
    const delivery = await db.webhookDelivery.create({
      data: {
        id: newId("whd"),
        accountId: a.id,
        generationId,
        url: "http://127.0.0.1:9/hook",
        eventType: "generation.canceled",
        payload: { id: generationId },
        status: "failed",
      },
    });
    const endpoint = await db.webhookEndpoint.create({
      data: {
        id: newId("whe"),
        accountId: a.id,
        url: "http://127.0.0.1:9/endpoint",
        events: ["generation.completed"],
        secret: "whsec_aXNvbGF0aW9uLXByb2JlLXNlY3JldA==",
      },
    });
    const invoice = await db.invoice.create({
      data: { id: newId("inv"), accountId: a.id, kind: "top_up", amountMicros: parseUsd("10"), number: `ISO-${Date.now()}` },
    });
    const request = await db.testBalanceRequest.create({
      data: { id: newId("tbr"), accountId: a.id, useCase: "isolation test of test balance requests" },
    });
    // The create's request log row (written in batches: wait for it).
    const requestLog = await until(
      "A's request log row",
      () => db.requestLog.findFirst({ where: { accountId: a.id }, select: { id: true } }),
      15_000,
    );
    const route = await db.modelRoute.findFirstOrThrow({ where: { modelId: "gen-3.1-fast" }, select: { id: true } });
    const email = await db.outboundEmail.create({
      data: {
        id: newId("eml"),
        accountId: a.id,
        to: a.email,
        kind: "password_reset",
        subject: "Reset your password",
        text: "isolation probe",
        status: "not_sent",
      },
    });
    const session = await db.authSession.findFirstOrThrow({ where: { accountId: a.id, revokedAt: null }, select: { id: true } });
    const invitation = await inviteMember(db, {
      accountId: a.id,
      inviter: { id: a.id, role: "owner" },
      email: `invitee-${Date.now()}@example.com`,
      role: "developer",
    });
    // A second project of A's, with a key: that key must reach none of the default project's generations.
    const project = await createProject(db, a.id, {
      name: "isolation",
      monthlySpendCapMicros: null,
      rateLimitShare: 100,
      allowedModels: [],
    });
    const projectKey = (
      await issueApiKey(db, a.id, "isolation project key", undefined, { livemode: true, projectId: project.id })
    ).key;
    const domain = await db.orgDomain.create({
      data: {
        id: newId("odom"),
        accountId: a.id,
        domain: `${a.id.toLowerCase().replace("_", "-")}.example.test`,
        token: "isolationprobe",
      },
    });
    const victim: Victim = {
      accountId: a.id,
      quoteId,
      email: a.email,
      keyId: a.keyId,
      generationId,
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      invoiceId: invoice.id,
      requestId: request.id,
      requestLogId: requestLog.id,
      routeId: route.id,
      emailId: email.id,
      sessionId: session.id,
      invitationId: invitation.id,
      projectId: project.id,
      domainId: domain.id,
    };
    const victimValues = Object.values(victim);
    const before = await stateOf(a.id);

    const failures: string[] = [];
    const counts = { procedures: 0, withId: 0, refused: 0, filtered: 0, noLeak: 0, routes: 0, operations: 0 };
    const check = async (what: string, result: CallResult, expectation: Expectation) => {
      const error =
        trpcError(result) ?? (result.status >= 400 ? { httpStatus: result.status, code: "", message: result.text } : null);
      if (expectation === "refused") {
        if (!error || ![403, 404].includes(error.httpStatus))
          failures.push(`${what}: expected 403/404, got ${result.status} ${result.text.slice(0, 200)}`);
        else counts.refused++;
      } else if (error || victimValues.some((v) => result.text.includes(v))) {
        failures.push(`${what}: expected B's own (empty) data, got ${result.status} ${result.text.slice(0, 200)}`);
      } else counts.filtered++;
      const after = await stateOf(a.id);
      if (after !== before) failures.push(`${what}: changed A's state\n  before ${before}\n  after  ${after}`);
    };

    for (const proc of listProcedures()) {
      counts.procedures++;
      const idFields = Object.keys(proc.schema?.properties ?? {}).filter((f) => ID_FIELD.test(f) && !(f in NOT_TENANT_IDS));
      const attack = PROCEDURE_ATTACKS[proc.path];
      if (idFields.length > 0 && !attack) {
        failures.push(
          `${proc.path} takes ${idFields.join(", ")}: add B's attack on A's object to PROCEDURE_ATTACKS (or the field to NOT_TENANT_IDS with the reason)`,
        );
        continue;
      }
      if (attack) {
        counts.withId++;
        for (const one of [attack].flat()) {
          await check(
            `trpc ${proc.path}`,
            await trpc(app.baseUrl, proc.path, proc.type, b.cookie, one.input(victim)),
            one.expect,
          );
        }
      } else if (proc.type === "query") {
        // No id to aim with: B's own view must still hold nothing of A's.
        const result = await trpc(app.baseUrl, proc.path, proc.type, b.cookie, proc.schema ? {} : undefined);
        if (victimValues.some((v) => result.text.includes(v)))
          failures.push(`trpc ${proc.path}: B's answer holds A's data: ${result.text.slice(0, 200)}`);
        else counts.noLeak++;
      }
    }

    // The public API: every operation taking a generation id in its path or body, from the OpenAPI document.
    const doc = (await (await fetch(`${app.baseUrl}/api/v1/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ in: string; name: string }>;
            requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
          }
        >
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const ref = op.requestBody?.content["application/json"]?.schema.$ref?.split("/").pop();
        const bodyIds = Object.keys((ref && doc.components.schemas[ref]?.properties) ?? {}).filter((f) => ID_FIELD.test(f));
        const pathIds = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
        if (bodyIds.length === 0 && pathIds.length === 0) continue;
        if (bodyIds.includes("extendFrom")) {
          counts.operations++;
          // Extending (or quoting an extension of) A's clip with B's key or A's other project's: not found.
          for (const [who, key] of [
            ["B", b.key],
            ["A's other project", projectKey],
          ] as const) {
            const result = await readResult(
              await fetch(`${app.baseUrl}${template}`, {
                method: method.toUpperCase(),
                headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
                body: JSON.stringify({ ...QUOTED_BODY, stream: false, extendFrom: generationId }),
              }),
            );
            await check(`${method.toUpperCase()} ${template} extendFrom (${who})`, result, "refused");
            if (result.status === 404)
              expect((result.json as { error: { code: string } }).error.code).toBe("generation_not_found");
          }
        }
        // A quote request refuses any quoteId outright (400): it names nothing, so only a create's counts.
        if (bodyIds.includes("quoteId") && template.endsWith("/quote")) continue;
        if (bodyIds.includes("quoteId")) {
          counts.operations++;
          // B's create carrying A's binding quote: not found, and A's quote stays unused.
          const result = await readResult(
            await fetch(`${app.baseUrl}${template}`, {
              method: method.toUpperCase(),
              headers: { authorization: `Bearer ${b.key}`, "content-type": "application/json" },
              body: JSON.stringify({ ...QUOTED_BODY, stream: false, quoteId: victim.quoteId }),
            }),
          );
          await check(`${method.toUpperCase()} ${template} quoteId (B)`, result, "refused");
          if (result.status === 404) expect((result.json as { error: { code: string } }).error.code).toBe("quote_not_found");
          continue;
        }
        const unknown = [...bodyIds, ...pathIds].filter((f) => f !== "id");
        if (unknown.length) {
          failures.push(
            `${method.toUpperCase()} ${template} takes ${unknown.join(", ")}: teach this test which of A's objects it names`,
          );
          continue;
        }
        counts.operations++;
        const url = `${app.baseUrl}${template.replace("{id}", generationId)}`;
        // B's key, and a key of another project of A's own organization: both are strangers to it.
        for (const [who, key] of [
          ["B", b.key],
          ["A's other project", projectKey],
        ] as const) {
          const init: RequestInit = {
            method: method.toUpperCase(),
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          };
          if (bodyIds.length) init.body = JSON.stringify({ id: generationId });
          const result = await readResult(await fetch(url, init));
          await check(`${method.toUpperCase()} ${template} (${who})`, result, "refused");
          if (result.status === 404) expect((result.json as { error: { code: string } }).error.code).toBe("generation_not_found");
        }
      }
    }

    // Every route file with a dynamic segment, from the app directory.
    for (const route of dynamicRoutes(appDir)) {
      const attack = ROUTE_ATTACKS[route];
      if (attack === undefined) {
        failures.push(
          `route ${route} has a dynamic segment: add B's attack on A's object to ROUTE_ATTACKS (or the reason it names no account's object)`,
        );
        continue;
      }
      if (typeof attack === "string") continue;
      counts.routes++;
      const { url, init } = attack(victim, b);
      await check(`route ${route}`, await readResult(await fetch(`${app.baseUrl}${url}`, init)), "refused");
    }

    console.log(
      `[isolation] ${counts.procedures} procedures (${counts.withId} take an id: ${counts.refused} refusals; ${counts.filtered} filters answered without A's data; ` +
        `${counts.noLeak} id-less queries without A's data), ${counts.operations} API operations and ${counts.routes} id routes tried by B on A's objects; ` +
        `${failures.length} failures; A's state unchanged after each`,
    );
    expect(failures).toEqual([]);
    expect(counts.withId + counts.operations + counts.routes).toBeGreaterThan(20);
  });
});
