// Drill: OpenTelemetry traces across processes (docs/operations.md#tracing). The app runs as an operator
// runs it with tracing on: a web process and a SEPARATE worker process, both exporting OTLP/HTTP (JSON)
// to a receiver started here. Two generations with a webhook each, one on the local renderer and one on
// an upstream provider (a local stand-in for OpenAI's Videos API): the spans of each, made in both
// processes, form one connected trace, request → acceptance → job steps → render or provider calls →
// storage upload → webhook attempt; the trace id is on the generation's row and in the log lines.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { newId, type Db } from "@vgen/db";
import { startOpenAIFake, type OpenAIFake } from "../../packages/engine/test/fakes/openai";
import { startApp, type RunningApp } from "../support/app-process";
import { cleanUp, createDb, createPolled, drillAccount, drillEnv, until } from "../support/drill";

const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;

/** One span as the OTLP/JSON encoding sends it, with its process's resource attributes. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status: { code?: number };
  resource: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
type OtlpAttributes = Array<{ key: string; value: OtlpValue }> | undefined;

function attributesOf(list: OtlpAttributes): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? [])
    out[key] =
      value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue));
  return out;
}

/** An OTLP/HTTP receiver: accepts JSON export requests on /v1/traces and keeps every span. */
async function otlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces" || !String(req.headers["content-type"]).includes("json")) {
        res.writeHead(415).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        resourceSpans?: Array<{
          resource?: { attributes?: OtlpAttributes };
          scopeSpans?: Array<{ spans?: Array<Omit<ReceivedSpan, "attributes" | "resource"> & { attributes?: OtlpAttributes }> }>;
        }>;
      };
      for (const rs of body.resourceSpans ?? []) {
        const resource = attributesOf(rs.resource?.attributes);
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({
              ...s,
              parentSpanId: s.parentSpanId ?? "",
              attributes: attributesOf(s.attributes),
              status: s.status ?? {},
              resource,
            });
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, server };
}

/** A webhook receiver answering 200, keeping the generation id of each event. */
async function webhookReceiver(): Promise<{ url: string; received: string[]; server: Server }> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { data: { id: string } }).data.id);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const ROLE = "vgen.process.role";

describe.skipIf(!adminUrl)("OpenTelemetry traces from request to webhook, across a web and a worker process", () => {
  const name = `vgen_drill_tracing_${randomBytes(4).toString("hex")}`;
  let app: RunningApp | undefined;
  let db: Db | undefined;
  const servers: Server[] = [];
  let upstream: OpenAIFake | undefined;
  afterAll(async () => {
    await cleanUp([app], [db]);
    for (const s of servers) await new Promise((r) => s.close(r));
    await upstream?.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it("makes one connected trace per generation, with its id on the row and in the logs", async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const otlp = await otlpReceiver();
    const hooks = await webhookReceiver();
    servers.push(otlp.server, hooks.server);
    upstream = await startOpenAIFake();
    upstream.behavior.pollsUntilDone = 1;

    app = await startApp({
      env: drillEnv({
        DATABASE_URL: url.toString(),
        WORKER_MODE: "off",
        ALLOW_PRIVATE_NETWORK_FETCH: "1",
        // Info lines: the request's "api request" line must carry the trace id.
        LOG_LEVEL: "info",
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        // Exported within a fifth of a second instead of the default five.
        OTEL_BSP_SCHEDULE_DELAY: "200",
        UPSTREAM_TRACE_URL: upstream.url,
        UPSTREAM_TRACE_API_KEY: upstream.apiKey,
        UPSTREAM_POLL_INTERVAL_MS: "200",
        UPSTREAM_MAX_POLL_INTERVAL_MS: "400",
      }),
      label: "tracing",
      migrateFirst: true,
      separateWorker: 1,
    });
    const worker = app.workers[0]!;
    let workerOutput = "";
    worker.stdout!.on("data", (c: Buffer) => {
      workerOutput += c.toString();
    });
    db = createDb(url.toString(), 2);
    const account = await drillAccount(db, app.baseUrl, { tag: "tracing" });

    // A model served only by the upstream stand-in (its route's credentials: UPSTREAM_TRACE_*).
    const upstreamModel = `trace-${randomBytes(3).toString("hex")}`;
    await db.catalogModel.create({
      data: {
        id: upstreamModel,
        purpose: "tracing drill",
        purposeRu: "tracing drill",
        priceMicrosPerSecond: 10_000n,
        rateLimitQps: 100,
        minChargeSeconds: 1,
        queue: "standard",
        sizes: ["720p"],
        minDuration: 1,
        maxDuration: 8,
        defaultDuration: 4,
      },
    });
    await db.modelRoute.create({
      data: {
        id: newId("rte"),
        modelId: upstreamModel,
        position: 0,
        provider: "openai",
        upstreamModel: "sora-2",
        credentials: "trace",
        maxConcurrency: 5,
        costMicrosPerSecond: 1_000n,
      },
    });

    const local = await createPolled(account, {
      model: "gen-3.1-fast",
      prompt: "traced locally",
      duration: 1,
      size: "720p",
      webHook: hooks.url,
    });
    // The catalog cache learns of the new model through its change notice: retried until it does.
    const remote = await until(
      "the upstream model to be accepted",
      () =>
        createPolled(account, { model: upstreamModel, prompt: "traced upstream", duration: 4, size: "720p", webHook: hooks.url }),
      30_000,
      500,
    );
    await until("both webhooks", async () => hooks.received.includes(local) && hooks.received.includes(remote), 120_000, 250);

    for (const [id, work] of [
      [local, "render"],
      [remote, "provider POST"],
    ] as const) {
      const row = await db.generation.findUniqueOrThrow({ where: { id }, select: { traceId: true, status: true } });
      expect(row.status).toBe("completed");
      expect(row.traceId).toMatch(/^[0-9a-f]{32}$/);
      const traceId = row.traceId!;
      // A parent ends (and is exported) after its children: wait for the webhook attempt and for every
      // parent named in the trace, so a trace that never connects fails here with what it lacks.
      let missing: string[] = [];
      const spans = await until(
        `the spans of ${id}`,
        async () => {
          const mine = otlp.spans.filter((s) => s.traceId === traceId);
          const ids = new Set(mine.map((s) => s.spanId));
          missing = mine.filter((s) => s.parentSpanId && !ids.has(s.parentSpanId)).map((s) => s.name);
          return mine.some((s) => s.name === "webhook.job") && missing.length === 0 ? mine : null;
        },
        30_000,
      ).catch((err: Error) => {
        throw new Error(`${err.message}; spans without their parent: ${missing.join(", ")}`);
      });
      const byId = new Map(spans.map((s) => [s.spanId, s]));
      const parentOf = (s: ReceivedSpan) => byId.get(s.parentSpanId);
      const named = (n: string) => spans.filter((s) => s.name === n);

      // One root: the API request, in the web process.
      const roots = spans.filter((s) => !s.parentSpanId);
      expect(roots.map((s) => s.name)).toEqual(["POST /api/v1/videos/generations"]);
      const request = roots[0]!;
      expect(request.resource[ROLE]).toBe("web");
      expect(request.attributes["http.response.status_code"]).toBe(202);
      // Every other span's parent is in the same trace: nothing dangles.
      for (const s of spans) if (s !== request) expect(parentOf(s), `parent of ${s.name}`).toBeDefined();

      const [accept] = named("generation.accept");
      expect(parentOf(accept!)).toBe(request);
      expect(accept!.attributes["vgen.generation_id"]).toBe(id);

      // The queue: every step runs in the worker process, the first a child of the acceptance, the
      // rest children of the step that queued them.
      const steps = named("generation.step");
      expect(steps.length).toBeGreaterThan(0);
      for (const step of steps) {
        expect(step.resource[ROLE]).toBe("worker");
        expect(["generation.accept", "generation.step"]).toContain(parentOf(step)!.name);
        expect(step.attributes["vgen.generation_id"]).toBe(id);
      }
      expect(steps.filter((s) => parentOf(s) === accept)).toHaveLength(1);
      expect(request.resource["process.pid"]).not.toBe(steps[0]!.resource["process.pid"]);

      // The work: a render, or HTTP client spans to the provider with its status.
      const calls = named(work);
      expect(calls.length).toBeGreaterThan(0);
      for (const c of calls) expect(parentOf(c)!.name).toBe("generation.step");
      if (work === "provider POST") {
        expect(calls[0]!.attributes["http.response.status_code"]).toBe(200);
        expect(calls[0]!.attributes["vgen.provider"]).toBe("trace");
        const polls = named("provider GET");
        expect(polls.length).toBeGreaterThan(0);
        expect(polls.every((p) => p.attributes["http.response.status_code"] === 200)).toBe(true);
      }

      const [upload] = named("storage.upload");
      expect(parentOf(upload!)!.name).toBe("generation.step");

      // Every webhook attempt: a job continuing the trace of the step that finished the generation.
      const attempts = named("webhook POST");
      expect(attempts).toHaveLength(1);
      expect(attempts[0]!.attributes["http.response.status_code"]).toBe(200);
      expect(attempts[0]!.resource[ROLE]).toBe("worker");
      const job = parentOf(attempts[0]!)!;
      expect(job.name).toBe("webhook.job");
      expect(parentOf(job)!.name).toBe("generation.step");

      // The trace id in the log lines of both processes.
      const lines = (out: string) =>
        out
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as Record<string, unknown>);
      // Routine lines are written at most a second apart (platform/logger.ts).
      await until(
        "the request's log line with its trace id",
        async () => lines(app!.output()).some((l) => l.msg === "api request" && l.trace_id === traceId),
        10_000,
      );
      await until(
        "the worker's webhook log line with its trace id",
        async () => lines(workerOutput).some((l) => l.msg === "webhook attempt" && l.trace_id === traceId),
        10_000,
      );
    }
  });
});
