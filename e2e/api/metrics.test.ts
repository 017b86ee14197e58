import { describe, expect, it } from "vitest";
import { BASE_URL, newAccount } from "../support/fixtures";

const TOKEN = process.env.METRICS_TOKEN;

async function scrape(): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  return res.text();
}

// The runner (run-all.ts) sets METRICS_TOKEN for the app and this suite; without it the endpoint is closed.
describe.runIf(!TOKEN)("Prometheus metrics without METRICS_TOKEN", () => {
  it("does not exist", async () => {
    const res = await fetch(`${BASE_URL}/api/metrics`, { headers: { authorization: "Bearer guess" } });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("route_not_found");
  });
});

describe.runIf(TOKEN)("Prometheus metrics", () => {
  it("answers only with the configured bearer token, in the JSON error envelope otherwise", async () => {
    const none = await fetch(`${BASE_URL}/api/metrics`);
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe("missing_api_key");
    const wrong = await fetch(`${BASE_URL}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe("invalid_api_key");
  });

  it("exposes request counters by route template and status, latency, and the platform queue gauge", async () => {
    const acct = await newAccount();
    await acct.call("/api/v1/models");
    await acct.call("/api/v1/videos/result", { method: "POST", json: { id: "vid_missing" } });
    await acct.call("/api/v1/videos/generations/vid_missing1/events");
    const text = await scrape();
    expect(text).toMatch(/vgen_api_requests_total\{method="GET",route="\/api\/v1\/models",status="200",code=""\} \d+/);
    expect(text).toMatch(
      /vgen_api_requests_total\{method="POST",route="\/api\/v1\/videos\/result",status="404",code="generation_not_found"\} \d+/,
    );
    expect(text).toMatch(
      /vgen_api_requests_total\{method="GET",route="\/api\/v1\/videos\/generations\/:id\/events",status="404",code="generation_not_found"\} \d+/,
    );
    expect(text).toMatch(/vgen_api_request_duration_seconds_bucket\{le="0.1",route="\/api\/v1\/models"\} \d+/);
    expect(text).toMatch(/vgen_generations_processing\{state="waiting"\} \d+/);
    expect(text).toMatch(/vgen_process_resident_memory_bytes \d+/);
  });

  it("does not create a series per requested path", async () => {
    const made = Array.from({ length: 20 }, (_, i) => `/api/v1/videos/generations/probe-${Date.now()}-${i}/events`);
    await Promise.all(made.map((p) => fetch(`${BASE_URL}${p}`)));
    const routes = new Set([...(await scrape()).matchAll(/vgen_api_requests_total\{[^}]*route="([^"]*)"/g)].map((m) => m[1]));
    expect([...routes].filter((r) => r!.includes("probe-"))).toEqual([]);
    expect(routes.has("/api/v1/videos/generations/:id/events")).toBe(true);
  });
});
