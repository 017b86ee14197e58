/**
 * The OpenTelemetry SDK, loaded only when tracing.ts finds it configured. Every setting comes from
 * the standard variables, read by the SDK itself: the OTLP/HTTP (JSON) exporter's
 * OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT / _HEADERS / _TIMEOUT, OTEL_SERVICE_NAME and
 * OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER[_ARG] (default parentbased_always_on) and
 * OTEL_BSP_* for batching. W3C Trace Context is the propagator.
 *
 * The packages are imported here with import(), not at the top: a bundler hoists a bundle's static
 * imports of external packages to its start, which would load the SDK in every process.
 */
import type { RunningTracing } from "./tracing";

export async function startTracingSdk(role: string): Promise<RunningTracing> {
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { defaultResource, detectResources, envDetector, processDetector, resourceFromAttributes },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  // The service is "vgen" and the process says its role (web, worker) and pid, so one trace shows
  // which process made each span; OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override them.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.name": "vgen", "vgen.process.role": role }))
    .merge(detectResources({ detectors: [processDetector, envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Registers the provider, the AsyncLocalStorage context manager and the W3C propagators globally.
  provider.register();
  return {
    async shutdown() {
      await provider.shutdown();
    },
  };
}
