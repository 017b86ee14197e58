/**
 * Whether OpenTelemetry tracing is on, from the standard OTEL_* variables alone (docs/operations.md#tracing):
 * an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), and neither
 * OTEL_SDK_DISABLED=true nor OTEL_TRACES_EXPORTER=none. The SDK itself reads the rest of them.
 */
export function tracingConfigured(source: Record<string, string | undefined> = process.env): boolean {
  const endpoint = source.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || source.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return false;
  if (source.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  return (source.OTEL_TRACES_EXPORTER ?? "otlp").trim().toLowerCase() !== "none";
}
