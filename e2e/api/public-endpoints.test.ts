import { ERROR_CATALOG, type ErrorCode } from "@vgen/contracts";
import { newId, type Db } from "@vgen/db";
import { computeStatus } from "@vgen/engine/observability";
import { describe, expect, it } from "vitest";
import { BASE_URL, db, newAccount } from "../support/fixtures";

const PUBLIC_PATHS = [
  "POST /api/v1/videos/generations",
  "GET /api/v1/videos/generations",
  "GET /api/v1/videos/generations/{id}/events",
  "POST /api/v1/videos/result",
  "POST /api/v1/videos/cancel",
  "POST /api/v1/videos/concat",
  "POST /api/v1/videos/quote",
  "GET /api/v1/models",
  "GET /api/v1/balance",
  "GET /api/v1/webhooks/listen",
  "POST /api/v1/webhooks/trigger",
  "GET /api/v1/errors",
  "GET /api/v1/status",
  "GET /api/v1/openapi.json",
];

describe("GET /api/v1/openapi.json", () => {
  it("serves the OpenAPI 3.1 document without an API key", async () => {
    const res = await fetch(`${BASE_URL}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers[0].url).toBe(BASE_URL.replace(/\/$/, ""));
    const ops = Object.entries<any>(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(ops.sort()).toEqual([...PUBLIC_PATHS].sort());
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.CreateGenerationRequest.additionalProperties).toBe(false);
    // The same document twice: built once and cached.
    expect(await (await fetch(`${BASE_URL}/api/v1/openapi.json`)).json()).toEqual(doc);
  });

  it("matches the live API: a field the document does not know is refused as unknown_parameter", async () => {
    const doc = await (await fetch(`${BASE_URL}/api/v1/openapi.json`)).json();
    const props = Object.keys(doc.components.schemas.CreateGenerationRequest.properties);
    expect(props).not.toContain("aspect_ratio");
    const create = doc.paths["/api/v1/videos/generations"].post;
    expect(create.responses["400"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(create.responses["400"].description).toContain("`unknown_parameter`");

    const acct = await newAccount();
    const res = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { model: "gen-3.1-fast", prompt: "x", aspect_ratio: "16:9" },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatchObject({
      code: "unknown_parameter",
      param: "aspect_ratio",
      doc_url: `${BASE_URL}/errors#unknown_parameter`,
    });
    expect(Object.keys(body.error).sort()).toEqual(Object.keys(doc.components.schemas.Error.properties.error.properties).sort());
  });
});

describe("GET /api/v1/errors", () => {
  it("lists every catalog code with its status, type, meaning, fix and doc_url, without an API key", async () => {
    const res = await fetch(`${BASE_URL}/api/v1/errors`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    const body = await res.json();
    expect(body.object).toBe("list");
    const codes = Object.keys(ERROR_CATALOG) as ErrorCode[];
    expect(body.data.map((e: any) => e.code).sort()).toEqual([...codes].sort());
    for (const entry of body.data) {
      const def = ERROR_CATALOG[entry.code as ErrorCode];
      expect(entry).toEqual({
        code: entry.code,
        status: def.status,
        type: def.type,
        meaning: def.meaning,
        fix: def.fix,
        doc_url: `${BASE_URL}/errors#${entry.code}`,
      });
    }
    expect(body.data.find((e: any) => e.code === "rate_limited").status).toBe(429);
    expect(body.data.find((e: any) => e.code === "render_failed").status).toBeNull();
  });

  it("answers a wrong method with the error envelope", async () => {
    const res = await fetch(`${BASE_URL}/api/v1/errors`, { method: "POST" });
    expect(res.status).toBe(405);
    expect((await res.json()).error.code).toBe("method_not_allowed");
  });
});

describe("GET /api/v1/status", () => {
  it("has the status block's shape, and reports 100.00% and stable when there was no platform failure", async () => {
    const since = new Date(Date.now() - 90 * 86_400_000);
    const [fiveXx, failedGenerations, requests] = await Promise.all([
      db().requestLog.count({ where: { status: { gte: 500 }, createdAt: { gte: since } } }),
      db().generation.count({
        where: {
          status: "failed",
          errorCode: { notIn: ["reference_fetch_failed", "content_policy_violation"] },
          completedAt: { gte: since },
        },
      }),
      db().requestLog.count({ where: { createdAt: { gte: since } } }),
    ]);
    const res = await fetch(`${BASE_URL}/api/v1/status`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    const s = await res.json();
    expect(s.api_status).toBe("in development");
    expect(["stable", "degraded", "outage"]).toContain(s.indicator);
    expect(s.success_rate).toMatch(/^\d{1,3}\.\d{2}%$/);
    expect(s.days).toHaveLength(90);
    expect(s.days.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    for (const d of s.days) {
      expect(Object.keys(d).sort()).toEqual(["date", "platform_failures", "requests", "success_rate"]);
      expect(d.date).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
    if (requests === 0) expect(s.average_response_time).toBe("no data");
    else expect(typeof s.average_response_time === "number" || s.average_response_time === "no data").toBe(true);
    if (fiveXx === 0 && failedGenerations === 0) {
      expect(s.success_rate).toBe("100.00%");
      expect(s.indicator).toBe("stable");
    }
  });

  it("computes rate, indicator, latency and daily bars from the tables (real SQL, rolled back)", async () => {
    const acct = await newAccount();
    const rollback = new Error("rollback");
    const results: Awaited<ReturnType<typeof computeStatus>>[] = [];
    const log = (tx: any, at: Date, status: number, latencyMs: number) => {
      const id = newId("req");
      return tx.requestLog.create({
        data: { id, requestId: id, method: "GET", path: "/api/v1/models", status, latencyMs, createdAt: at },
      });
    };
    const generation = (tx: any, at: Date, status: "completed" | "failed", errorCode: string | null) =>
      tx.generation.create({
        data: {
          id: newId("vid"),
          accountId: acct.id,
          modelId: "gen-3.1-fast",
          status,
          errorCode,
          prompt: "status test",
          duration: 2,
          size: "720p",
          aspectRatio: "16:9",
          width: 1280,
          height: 720,
          priceMicrosPerSecond: 100_000n,
          billedSeconds: 2,
          costMicros: 200_000n,
          queue: "standard",
          seed: 1,
          etaSecondsAtAccept: 10,
          createdAt: at,
          completedAt: at,
        },
      });
    // Far in the future, so that no real traffic falls in these 90-day windows.
    const t1 = new Date("2099-01-01T12:00:00Z");
    const t2 = new Date("2099-06-01T12:00:00Z");
    const t3 = new Date("2099-12-01T12:00:00Z");
    const ago = (t: Date, min: number) => new Date(t.getTime() - min * 60_000);
    await db()
      .$transaction(
        async (tx) => {
          const asDb = tx as unknown as Db;
          results.push(await computeStatus(asDb, t1));
          for (let i = 0; i < 98; i++) await log(tx, ago(t1, 1), 200, 100);
          await log(tx, ago(t1, 2), 500, 300);
          await log(tx, ago(t1, 2), 400, 50);
          await generation(tx, ago(t1, 3), "completed", null);
          await generation(tx, ago(t1, 3), "failed", "render_failed");
          await generation(tx, ago(t1, 3), "failed", "content_policy_violation");
          results.push(await computeStatus(asDb, t1));

          await log(tx, ago(t2, 1), 200, 10);
          await log(tx, ago(t2, 1), 200, 10);
          await log(tx, ago(t2, 1), 503, 10);
          await generation(tx, ago(t2, 2), "failed", "upstream_error");
          results.push(await computeStatus(asDb, t2));

          for (let i = 0; i < 5; i++) await log(tx, ago(t3, 1), 500, 10);
          await generation(tx, ago(t3, 1), "failed", "timeout");
          await log(tx, ago(t3, 1), 200, 10);
          results.push(await computeStatus(asDb, t3));
          throw rollback;
        },
        { timeout: 60_000 },
      )
      .catch((err) => {
        if (err !== rollback) throw err;
      });

    const [empty, mixed, degraded, outage] = results;
    expect(empty).toMatchObject({
      api_status: "in development",
      indicator: "stable",
      success_rate: "100.00%",
      average_response_time: "no data",
    });
    expect(empty!.days.every((d) => d.requests === 0 && d.success_rate === null)).toBe(true);

    // 99 non-4xx requests + 1 completed + 1 render_failed counted; 2 platform failures; the 400 and the
    // content-policy failure count neither way. 99/101 = 98.0198% → truncated to 98.01%.
    expect(mixed!.success_rate).toBe("98.01%");
    expect(mixed!.indicator).toBe("stable");
    expect(mixed!.average_response_time).toBe(Math.round((98 * 100 + 300 + 50) / 100));
    expect(mixed!.days.at(-1)).toEqual({ date: "2099-01-01", requests: 100, platform_failures: 2, success_rate: "98.01%" });
    expect(mixed!.recent).toEqual({ requests: 100, generations: 2, platform_failures: 2 });

    expect(degraded!.indicator).toBe("degraded");
    expect(degraded!.success_rate).toBe("50.00%");
    expect(outage!.indicator).toBe("outage");
    expect(outage!.days).toHaveLength(90);

    // Nothing stayed behind.
    expect(await db().requestLog.count({ where: { createdAt: { gte: t1 } } })).toBe(0);
  });
});
