// The route table (@vgen/contracts API_OPERATIONS) against what serves it: the Next.js route files
// under app/api/v1, server.ts's fast path, the metric labels and the request log's filter.
import { readdirSync } from "node:fs";
import path from "node:path";
import { API_OPERATIONS, API_ROUTE_TEMPLATES, type ApiPath } from "@vgen/contracts";
import { routeLabel } from "@vgen/engine/observability";
import { describe, expect, it } from "vitest";
import { OPERATION_OPTIONS } from "../src/app/dashboard/requests/request-format";
import { HEAD_REFUSED, OPERATION_HANDLERS } from "../src/server/api/operations";
import { matchNodeRoute } from "../src/server/http/node-routes";
import { RequestListInput } from "../src/server/routers/requests/list.schema";

const API_DIR = path.join(import.meta.dirname, "../src/app/api/v1");
/** The catch-all answering 404 route_not_found for every other path: no operation of its own. */
const CATCH_ALL = "[...rest]";
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Each route file's path template: its folders, with Next.js's `[param]` as OpenAPI's `{param}`. */
function routeFiles(dir = API_DIR, segments: string[] = []): { file: string; path: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return entry.name === CATCH_ALL ? [] : routeFiles(path.join(dir, entry.name), [...segments, entry.name]);
    if (entry.name !== "route.ts") return [];
    const template = segments.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/");
    return [{ file: path.join(dir, entry.name), path: `/api/v1/${template}` }];
  });
}

const tablePaths = [...new Set(API_OPERATIONS.map((op) => op.path))];
const sample = (template: string) => template.replace(/\{(\w+)\}/g, "value-of-$1");

describe("Next.js route files", () => {
  const files = routeFiles();

  it("exist for exactly the route table's paths", () => {
    expect(files.map((f) => f.path).sort()).toEqual([...tablePaths].sort());
  });

  it.each(files)("$path exports the table's handlers and a JSON 405 for every other method", async ({ file, path }) => {
    const mod = await import(file);
    expect(mod.dynamic).toBe("force-dynamic");
    const operations = API_OPERATIONS.filter((op) => op.path === path);
    const allowed = operations.map((op) => op.method).sort();
    for (const method of METHODS) {
      const op = operations.find((o) => o.method === method);
      if (op) {
        expect(mod[method], `${method} ${path}`).toBe(OPERATION_HANDLERS[op.id]);
        continue;
      }
      if (method === "HEAD" && !operations.some((o) => HEAD_REFUSED.has(o.id))) {
        // Next.js answers HEAD with the GET export.
        expect(mod.HEAD, `HEAD ${path}`).toBeUndefined();
        continue;
      }
      const res: Response = await mod[method](new Request(`http://localhost${sample(path)}`, { method }));
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")).toBe(allowed.join(", "));
      expect((await res.json()).error.code).toBe("method_not_allowed");
    }
  });
});

describe("server.ts's fast path", () => {
  it("answers every operation behind an API key with its handler, and leaves the rest to Next.js", () => {
    for (const op of API_OPERATIONS) {
      const handler = OPERATION_HANDLERS[op.id];
      const found = matchNodeRoute(op.method, sample(op.path));
      if (!("reply" in handler)) {
        expect(found, op.id).toBeNull();
        continue;
      }
      expect(found?.route.reply, op.id).toBe(handler.reply);
      const params = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, `value-of-${name}`]));
      expect({ ...found?.encoded }).toEqual(params);
    }
  });

  it("matches whole paths and exact methods only", () => {
    for (const [method, pathname] of [
      ["HEAD", "/api/v1/webhooks/listen"],
      ["PUT", "/api/v1/videos/generations"],
      ["GET", "/api/v1/videos/result"],
      ["GET", "/api/v1/videos/generations/"],
      ["GET", "/api/v1/videos/generations//events"],
      ["GET", "/api/v1/videos/generations/a/b/events"],
      ["GET", "/x/api/v1/models"],
      ["GET", "/api/v1/errors"],
      [undefined, "/api/v1/models"],
    ] as const)
      expect(matchNodeRoute(method, pathname), `${method} ${pathname}`).toBeNull();
  });
});

describe("operation names", () => {
  it("label each table path in metrics by its template, as the request log's filter names it", () => {
    expect(new Set(tablePaths.map((p: ApiPath) => routeLabel(sample(p))))).toEqual(new Set(API_ROUTE_TEMPLATES));
  });

  it("offers the dashboard's request log every operation, each accepted by its query", () => {
    expect(OPERATION_OPTIONS.map((o) => o.value)).toEqual(tablePaths.map((p) => routeLabel(sample(p))));
    for (const { value } of OPERATION_OPTIONS) expect(RequestListInput.parse({ operation: value }).operation).toBe(value);
    expect(() => RequestListInput.parse({ operation: "/api/v1/unknown" })).toThrow();
  });
});
