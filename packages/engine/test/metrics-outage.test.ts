import { describe, expect, it } from "vitest";

// A database that refuses connections (nothing listens on port 1), set before the engine reads it.
process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/vgen_unreachable";

describe("the metrics scrape while the database is down", () => {
  it("still answers with the request counters; the gauges read from the database have no value", async () => {
    const { metrics } = await import("../src/observability/metrics");
    metrics().apiRequests.inc({ method: "GET", route: "/api/v1/models", status: "503", code: "service_unavailable" });
    const text = await metrics().registry.metrics();
    expect(text).toMatch(
      /^vgen_api_requests_total\{method="GET",route="\/api\/v1\/models",status="503",code="service_unavailable"\} 1$/m,
    );
    for (const gauge of [
      "vgen_generations_processing",
      "vgen_route_attempts_recent",
      "vgen_route_breaker_state",
      "vgen_queue_oldest_wait_seconds",
      "vgen_webhook_attempts_recent",
    ])
      expect(text, gauge).not.toMatch(new RegExp(`^${gauge}[{ ]`, "m"));
    // Gauges without labels always have a sample: NaN (prom-client writes "Nan", which Prometheus reads), never a made-up 0.
    for (const gauge of ["vgen_mail_outbox_queued", "vgen_mail_outbox_oldest_seconds", "vgen_balance_ledger_mismatch_accounts"])
      expect(text, gauge).toMatch(new RegExp(`^${gauge} nan$`, "im"));
  });
});
