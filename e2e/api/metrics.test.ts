import { describe, expect, it } from "vitest";
import { BASE_URL, newAccount } from "../support/fixtures";

describe("Prometheus metrics", () => {
  it("exposes request counters by route and status, latency, and the platform queue gauge", async () => {
    const acct = await newAccount();
    await acct.call("/api/v1/models");
    await acct.call("/api/v1/videos/result", { method: "POST", json: { id: "vid_missing" } });
    const res = await fetch(`${BASE_URL}/api/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/vgen_api_requests_total\{method="GET",route="\/api\/v1\/models",status="200",code=""\} \d+/);
    expect(text).toMatch(/vgen_api_requests_total\{method="POST",route="\/api\/v1\/videos\/result",status="404",code="generation_not_found"\} \d+/);
    expect(text).toMatch(/vgen_api_request_duration_seconds_bucket\{le="0.1",route="\/api\/v1\/models"\} \d+/);
    expect(text).toMatch(/vgen_generations_processing\{state="waiting"\} \d+/);
    expect(text).toMatch(/vgen_process_resident_memory_bytes \d+/);
  });
});
