import { describe, expect, it } from "vitest";
import { API_OPERATIONS, API_ROUTE_TEMPLATES, pathPattern, routeTemplate } from "../src/index";

describe("route table", () => {
  it("declares each operation id and each method and path once", () => {
    expect(new Set(API_OPERATIONS.map((op) => op.id)).size).toBe(API_OPERATIONS.length);
    expect(new Set(API_OPERATIONS.map((op) => `${op.method} ${op.path}`)).size).toBe(API_OPERATIONS.length);
  });

  it("names each path once in the label form", () => {
    expect(API_ROUTE_TEMPLATES).toContain("/api/v1/videos/generations/:id/events");
    expect(API_ROUTE_TEMPLATES.filter((t) => t === "/api/v1/videos/generations")).toHaveLength(1);
    expect(new Set(API_ROUTE_TEMPLATES)).toEqual(new Set(API_OPERATIONS.map((op) => routeTemplate(op.path))));
  });
});

describe("path templates", () => {
  it("writes {param} as :param", () => {
    expect(routeTemplate("/a/{id}/b/{otherId}")).toBe("/a/:id/b/:otherId");
    expect(routeTemplate("/api/v1/openapi.json")).toBe("/api/v1/openapi.json");
  });

  it("matches a whole path, one segment per param, captured by name", () => {
    const events = pathPattern("/api/v1/videos/generations/{id}/events");
    expect(events.exec("/api/v1/videos/generations/vid_1%2F/events")?.groups).toEqual({ id: "vid_1%2F" });
    for (const miss of [
      "/api/v1/videos/generations//events",
      "/api/v1/videos/generations/a/b/events",
      "/api/v1/videos/generations/a/events/",
      "/x/api/v1/videos/generations/a/events",
    ])
      expect(events.test(miss), miss).toBe(false);
  });

  it("matches everything else literally", () => {
    const doc = pathPattern("/api/v1/openapi.json");
    expect(doc.test("/api/v1/openapi.json")).toBe(true);
    expect(doc.test("/api/v1/openapi-json")).toBe(false);
    expect(doc.test("/api/v1/openapi.json/")).toBe(false);
  });
});
