import { describe, expect, it } from "vitest";
import { sameOriginPath } from "../src/redirects";

const ORIGIN = "https://vgen.example";

describe("sameOriginPath (the sign-in callbackUrl)", () => {
  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "https://evil.example",
    "https://evil.example/dashboard",
    "http://vgen.example/dashboard",
    "https://vgen.example.evil.example/",
    "https://vgen.example@evil.example/",
    "javascript:alert(document.domain)",
    "data:text/html,<script>alert(1)</script>",
    "http://[::1",
  ])("keeps %j on the site (falls back to the dashboard)", (value) => {
    expect(sameOriginPath(value, ORIGIN)).toBe("/dashboard");
  });

  it.each([
    ["/dashboard/billing?tab=invoices#top", "/dashboard/billing?tab=invoices#top"],
    ["https://vgen.example/console", "/console"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/.//evil.example", "/evil.example"],
    ["/dashboard/../console", "/console"],
  ])("turns %j into the same-origin path %j", (value, path) => {
    expect(sameOriginPath(value, ORIGIN)).toBe(path);
  });

  it("every answer, read back by a browser on the site, stays on the site", () => {
    const hostile = [
      "//evil.example/x",
      "/\\evil.example",
      "/%2F%2Fevil",
      "/.//evil.example",
      "/./\\evil.example",
      "https://evil.example",
      "javascript:x",
    ];
    for (const value of hostile) expect(new URL(sameOriginPath(value, ORIGIN), ORIGIN).origin).toBe(ORIGIN);
  });

  it("uses the fallback when there is no value", () => {
    expect(sameOriginPath(null, ORIGIN)).toBe("/dashboard");
    expect(sameOriginPath("", ORIGIN, "/console")).toBe("/console");
  });
});
