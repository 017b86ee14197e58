import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import {
  CreateGenerationBody,
  ERROR_CATALOG,
  GenerationIdBody,
  GenerationRecord,
  ACCOUNT_WEBHOOK_EVENTS,
  API_OPERATIONS,
  WEBHOOK_EVENTS,
  buildOpenApiDocument,
  parseCreateGeneration,
  type ErrorCode,
  type ErrorDefinition,
} from "../src/index";

const BASE = "https://api.example.test";
const doc = buildOpenApiDocument(BASE) as any;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function operations() {
  const out: { path: string; method: string; op: any }[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) if (item[method]) out.push({ path, method, op: item[method] });
  }
  return out;
}

/** Codes a response advertises: the codes named in its description. */
function codesOf(response: any): Set<string> {
  const codes = new Set<string>();
  for (const m of String(response?.description ?? "").matchAll(/`([a-z_]+)`/g)) codes.add(m[1]!);
  return codes;
}

describe("OpenAPI document", () => {
  it("validates against the official OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it("lists exactly the route table's operations, in its order", () => {
    const ops = operations().map((o) => `${o.method.toUpperCase()} ${o.path} ${o.op.operationId}`);
    expect(ops.sort()).toEqual(API_OPERATIONS.map((op) => `${op.method} ${op.path} ${op.id}`).sort());
    expect(Object.keys(doc.paths)).toEqual([...new Set(API_OPERATIONS.map((op) => op.path))]);
  });

  it("lists every catalog code with an HTTP status under a response of that status", () => {
    const seen = new Map<string, Set<string>>();
    const note = (status: string, response: any) => {
      for (const code of codesOf(response)) {
        if (!seen.has(code)) seen.set(code, new Set());
        seen.get(code)!.add(status);
      }
    };
    for (const { op } of operations()) for (const [status, response] of Object.entries<any>(op.responses)) note(status, response);
    // Codes no operation answers (unknown paths, wrong methods, expired files) are in the info's list by status.
    for (const [, status, codes] of String(doc.info.description).matchAll(/^- \*\*(\d{3})\*\*: (.*)$/gm))
      note(status!, { description: codes });

    for (const [code, def] of Object.entries(ERROR_CATALOG) as [ErrorCode, ErrorDefinition][]) {
      if (def.status === null || def.dashboardOnly) continue;
      expect(seen.get(code), `${code} is missing from the document`).toBeDefined();
      expect([...seen.get(code)!], `${code} listed under the wrong status`).toEqual([String(def.status)]);
    }
  });

  it("lists each endpoint's errors with the error envelope, doc links and the right headers", () => {
    for (const { path, method, op } of operations()) {
      const errorStatuses = Object.keys(op.responses).filter((s) => Number(s) >= 400);
      expect(errorStatuses.length, `${method} ${path} has no error responses`).toBeGreaterThan(0);
      for (const status of errorStatuses) {
        const r = op.responses[status];
        expect(r.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
        expect(r.headers["X-Request-Id"]).toBeDefined();
        const example = r.content["application/json"].example.error;
        expect(example.doc_url).toBe(`${BASE}/errors#${example.code}`);
        expect(ERROR_CATALOG[example.code as ErrorCode].status).toBe(Number(status));
      }
      if (op.responses["429"]) expect(op.responses["429"].headers["Retry-After"]).toBeDefined();
    }
    const create = doc.paths["/api/v1/videos/generations"].post;
    const c400 = codesOf(create.responses["400"]);
    for (const code of [
      "invalid_json",
      "unknown_parameter",
      "urls_with_frames",
      "too_many_urls",
      "last_frame_without_first_frame",
      "webhook_events_without_webhook",
      "unsupported_size",
      "invalid_url",
    ]) {
      expect(c400.has(code), code).toBe(true);
    }
    expect(codesOf(create.responses["402"])).toContain("insufficient_balance");
    expect(codesOf(create.responses["409"])).toContain("idempotency_key_reused");
    expect(create.responses["202"].headers["X-RateLimit-Limit"]).toBeDefined();
    expect(create.parameters.find((p: any) => p.in === "header" && p.name === "Idempotency-Key")).toBeDefined();
    const envelope = doc.components.schemas.Error;
    expect(Object.keys(envelope.properties.error.properties).sort()).toEqual([
      "code",
      "doc_url",
      "message",
      "param",
      "request_id",
      "type",
    ]);
  });

  it("describes the event stream with each event's data as a Generation, and the polling record of the create endpoint", () => {
    const generation = { $ref: "#/components/schemas/Generation" };
    const create = doc.paths["/api/v1/videos/generations"].post;
    // Both forms of the 200 are a Generation, so generated clients never type it `Generation | string`.
    expect(create.responses["200"].content["text/event-stream"].schema).toEqual(generation);
    expect(create.responses["200"].content["application/json"].schema).toEqual(generation);
    expect(create.responses["200"].content["text/event-stream"]["x-sse-example"]).toMatch(/event: generation\nid: 0\ndata: \{/);
    expect(create.responses["200"].description).toContain("Last-Event-ID");
    expect(create.responses["202"].content["application/json"].schema).toEqual(generation);
    const events = doc.paths["/api/v1/videos/generations/{id}/events"].get;
    expect(events.responses["200"].content["text/event-stream"].schema).toEqual(generation);
    expect(events.responses["204"].content).toBeUndefined();
    expect(events.parameters.map((p: any) => `${p.in} ${p.name}`).sort()).toEqual([
      "header Last-Event-ID",
      "path id",
      "query lastEventId",
    ]);
  });

  it("paginates the list with limit 1-100 and a cursor", () => {
    const list = doc.paths["/api/v1/videos/generations"].get;
    const limit = list.parameters.find((p: any) => p.name === "limit");
    expect(limit).toMatchObject({ in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } });
    expect(list.parameters.find((p: any) => p.name === "cursor")).toMatchObject({ in: "query" });
    const schema = doc.components.schemas.GenerationList;
    expect(Object.keys(schema.properties).sort()).toEqual(["data", "has_more", "next_cursor", "object"]);
  });

  it("uses a bearer security scheme, and leaves the public endpoints open", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const p of ["/api/v1/errors", "/api/v1/status", "/api/v1/openapi.json"]) expect(doc.paths[p].get.security).toEqual([]);
    expect(doc.servers[0].url).toBe(BASE);
  });

  it("generates the request schemas from the validating zod schemas and refuses unknown fields", () => {
    const req = doc.components.schemas.CreateGenerationRequest;
    expect(req.additionalProperties).toBe(false);
    expect(req.required).toEqual(["model", "prompt"]);
    // Every field the validator accepts is documented, and nothing else.
    expect(Object.keys(req.properties).sort()).toEqual(Object.keys(CreateGenerationBody.shape).sort());
    expect(req.properties.urls.maxItems).toBe(3);
    expect(req.properties.aspectRatio.enum).toEqual(["16:9", "9:16"]);
    expect(doc.components.schemas.GenerationIdRequest.additionalProperties).toBe(false);
    expect(Object.keys(doc.components.schemas.GenerationIdRequest.properties)).toEqual(Object.keys(GenerationIdBody.shape));
    const body = doc.paths["/api/v1/videos/generations"].post.requestBody.content["application/json"];
    expect(body.schema).toEqual({ $ref: "#/components/schemas/CreateGenerationRequest" });
    // The misspelt field the API refuses is not accepted by the document's schema either.
    expect(req.properties.aspect_ratio).toBeUndefined();
  });

  it("has realistic examples that the real validator accepts", () => {
    const body = doc.paths["/api/v1/videos/generations"].post.requestBody.content["application/json"];
    const examples = Object.values<any>(body.examples);
    expect(examples.length).toBeGreaterThan(0);
    for (const ex of examples) expect(() => parseCreateGeneration(ex.value)).not.toThrow();
    expect(() => parseCreateGeneration({ ...examples[0].value, aspect_ratio: "16:9" })).toThrow(/Unknown parameter/);
    const record = doc.paths["/api/v1/videos/result"].post.responses["200"].content["application/json"].example;
    expect(record.id).toMatch(/^vid_/);
    expect(record.price).toMatch(/^\$\d+\.\d{3} \/ сек$/);
    expect(record.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(doc.components.schemas.Error.example.error.doc_url).toContain("/errors#");
  });

  it("lists every webhook event with the signature headers and an example the record schema accepts", () => {
    expect(Object.keys(doc.webhooks)).toEqual([...WEBHOOK_EVENTS, ...ACCOUNT_WEBHOOK_EVENTS, "webhook.test"]);
    for (const event of WEBHOOK_EVENTS) {
      const op = doc.webhooks[event].post;
      expect(op.parameters.map((p: any) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
      const example = op.requestBody.content["application/json"].example;
      expect(example.type).toBe(event);
      expect(GenerationRecord.parse(example.data)).toEqual(example.data);
    }
    expect(doc.components.schemas.CreateGenerationRequest.properties.webHookEvents.items.enum).toEqual([...WEBHOOK_EVENTS]);
  });

  it("documents the account events with their money fields and an example of each", () => {
    for (const event of ACCOUNT_WEBHOOK_EVENTS) {
      const op = doc.webhooks[event].post;
      expect(op.parameters.map((p: any) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
      const body = op.requestBody.content["application/json"];
      expect(body.example.type).toBe(event);
      expect(body.example.data.threshold).toMatch(/^\$\d+\.\d{3}$/);
      expect(body.example.data.balance).toMatch(/^\$\d+\.\d{3}$/);
      expect(Object.keys(body.schema.properties.data.properties)).toEqual(Object.keys(body.example.data));
    }
  });

  it("points at the error catalog", () => {
    expect(doc.externalDocs).toEqual({ description: "error catalog", url: `${BASE}/errors` });
    expect(doc.info.description).toContain(`${BASE}/errors`);
  });
});
