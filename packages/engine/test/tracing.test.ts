// Tracing is off unless the OTEL_* variables ask for it, and then costs nothing: the SDK module is
// never loaded, and the helpers run their functions as they are (docs/operations.md#tracing).
import { afterEach, describe, expect, it, vi } from "vitest";

// Stands in for the SDK module so the test sees whether (and how often) it is loaded.
const sdk = vi.hoisted(() => ({ loads: 0, starts: [] as string[] }));
vi.mock("../src/platform/tracing-sdk", () => {
  sdk.loads++;
  return {
    startTracingSdk: async (role: string) => {
      sdk.starts.push(role);
      return { shutdown: async () => {} };
    },
  };
});

const OTEL_VARS = [
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
  "OTEL_SDK_DISABLED",
  "OTEL_TRACES_EXPORTER",
];
const saved = Object.fromEntries(OTEL_VARS.map((k) => [k, process.env[k]]));

/** The tracing module as a process with these variables loads it (it reads them once, at load). */
async function loadWith(vars: Record<string, string>) {
  for (const k of OTEL_VARS) delete process.env[k];
  Object.assign(process.env, vars);
  vi.resetModules();
  return import("../src/platform/tracing");
}

afterEach(() => {
  for (const k of OTEL_VARS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  sdk.loads = 0;
  sdk.starts = [];
});

describe("tracing off (no OTEL_* endpoint)", () => {
  it("never loads the SDK, and the helpers run their functions without a span", async () => {
    const tracing = await loadWith({ OTEL_SERVICE_NAME: "vgen-test" });
    expect(await tracing.startTracing("web")).toBeNull();
    expect(sdk.loads).toBe(0);
    expect(await tracing.inSpan("x", {}, async (span) => span)).toBeUndefined();
    expect(
      await tracing.inJobSpan(
        "job",
        { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" },
        {},
        async () => 7,
      ),
    ).toBe(7);
    expect(
      await tracing.inServerSpan(
        () => ({ name: "req", attributes: {} }),
        () => null,
        async (span) => span,
      ),
    ).toBeUndefined();
    expect(tracing.traceCarrier()).toEqual({});
    expect(tracing.currentTraceId()).toBeNull();
  });
});

describe("tracing on", () => {
  it("loads and starts the SDK when an OTLP endpoint is set", async () => {
    const tracing = await loadWith({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" });
    const running = await tracing.startTracing("worker");
    expect(running).not.toBeNull();
    expect(sdk.loads).toBe(1);
    expect(sdk.starts).toEqual(["worker"]);
  });

  it("is decided by the standard variables", async () => {
    const { tracingConfigured } = await import("@vgen/config");
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_SERVICE_NAME: "vgen" })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBe(false);
  });
});
