import { API_OPERATIONS, API_ROUTE_TEMPLATES, buildOpenApiDocument } from "@vgen/contracts";
import { describe, expect, it } from "vitest";
import { methodLabel, routeLabel, UNMATCHED_ROUTE } from "../src/observability/metrics";

describe("metric labels", () => {
  it("labels a request with the route template it matched, not its path", () => {
    expect(routeLabel("/api/v1/videos/generations/vid_abc123/events")).toBe("/api/v1/videos/generations/:id/events");
    expect(routeLabel("/api/v1/videos/generations/anything-at-all/events")).toBe("/api/v1/videos/generations/:id/events");
    expect(routeLabel("/api/v1/models")).toBe("/api/v1/models");
    expect(routeLabel("/api/v1/openapi.json")).toBe("/api/v1/openapi.json");
  });

  it("collapses every unknown path into one label", () => {
    const made = [
      "/api/v1/x1",
      "/api/v1/videos/generations/a/b/events",
      "/api/v1/openapi-json",
      "/api/v1/models/",
      "/",
      "/api/v1/videos/generations/%00/events/x",
    ];
    expect(new Set(made.map(routeLabel))).toEqual(new Set([UNMATCHED_ROUTE]));
  });

  it("knows every path of the OpenAPI document", () => {
    const paths = Object.keys(buildOpenApiDocument("http://localhost").paths ?? {});
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths)
      expect(routeLabel(path.replace(/\{([a-z]+)\}/g, "value-of-$1")), path).toBe(path.replace(/\{([a-z]+)\}/g, ":$1"));
  });

  it("labels with exactly the request log's operation names (the route table's templates)", () => {
    const sample = (path: string) => path.replace(/\{([a-zA-Z]+)\}/g, "value-of-$1");
    const labels = API_OPERATIONS.map((op) => routeLabel(sample(op.path)));
    expect([...new Set(labels)]).toEqual([...API_ROUTE_TEMPLATES]);
  });

  it("keeps methods a small set", () => {
    expect(methodLabel("GET")).toBe("GET");
    expect(methodLabel("PROPFIND")).toBe("OTHER");
  });
});
