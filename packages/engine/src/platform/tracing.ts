/**
 * OpenTelemetry tracing, configured only by the standard OTEL_* variables (docs/operations.md#tracing).
 *
 * Off unless an OTLP endpoint is set: then the SDK is never imported, no context manager is
 * registered, and every helper here runs its function directly (one boolean test). The helpers
 * use only @opentelemetry/api, whose global registry is shared by every copy of it in the process
 * (server.ts's bundle and Next.js's), so a span started in one is the parent of spans in the other.
 */
import {
  context,
  propagation,
  type Span,
  SpanKind,
  type SpanOptions,
  SpanStatusCode,
  trace,
  type Attributes,
} from "@opentelemetry/api";
import { tracingConfigured } from "@vgen/config";

/** Read once: the OTEL_* variables are the process's, fixed at its start. */
const ENABLED = tracingConfigured();

export interface RunningTracing {
  /** Exports the spans still buffered and stops; called on shutdown. */
  shutdown(): Promise<void>;
}

/**
 * Starts the SDK when the OTEL_* variables ask for it, before any span is made (first thing in a
 * process's start); null, having loaded nothing, when they do not.
 */
export async function startTracing(role: "web" | "worker" | "cli"): Promise<RunningTracing | null> {
  if (!ENABLED) return null;
  const { startTracingSdk } = await import("./tracing-sdk");
  return startTracingSdk(role);
}

const tracer = () => trace.getTracer("vgen");

/**
 * Runs `fn` inside a new span (a child of the active one): an exception marks it failed and is
 * rethrown. With tracing off, `fn` runs as it is, given no span.
 */
export function inSpan<T>(name: string, options: SpanOptions, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (!ENABLED) return fn(undefined);
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      failSpan(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Marks the span failed with the error. */
export function failSpan(span: Span | undefined, err: unknown): void {
  if (!span) return;
  if (err instanceof Error) span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * An HTTP span's attributes for its answer: the status, and failed per the HTTP conventions (a
 * client's span from 400 on, a server's from 500 on: a 4xx is the caller's mistake, not ours).
 */
export function recordHttpStatus(span: Span | undefined, status: number | null, side: "client" | "server"): void {
  if (!span || status === null) return;
  span.setAttribute("http.response.status_code", status);
  if (status >= (side === "client" ? 400 : 500)) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${status}` });
}

/** The attributes of an outgoing HTTP request's span. */
export function httpClientAttributes(method: string, url: string): Attributes {
  let host = "";
  try {
    host = new URL(url).host;
  } catch {
    // an invalid URL fails in the request itself
  }
  return { "http.request.method": method, "server.address": host };
}

/** The active span's trace id (32 hex digits), or null when there is none (or tracing is off). */
export function currentTraceId(): string | null {
  if (!ENABLED) return null;
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && trace.isSpanContextValid(ctx) ? ctx.traceId : null;
}

/**
 * What a job's data carries so its worker continues this trace: `{ traceparent }` (W3C Trace
 * Context) of the active span, or nothing. Spread it into the job's data.
 */
export function traceCarrier(): { traceparent?: string } {
  if (!ENABLED) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { traceparent: carrier.traceparent } : {};
}

/**
 * Runs a job's handler in a span continuing the trace its data carries (traceCarrier); a job
 * without one (queued by a sweep, or before tracing was on) starts its own trace.
 */
export function inJobSpan<T>(
  name: string,
  data: { traceparent?: unknown },
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  if (!ENABLED) return fn();
  const traceparent = typeof data.traceparent === "string" ? data.traceparent : undefined;
  const parent = traceparent ? propagation.extract(context.active(), { traceparent }) : context.active();
  return context.with(parent, () => inSpan(name, { kind: SpanKind.CONSUMER, attributes }, () => fn()));
}

/**
 * Runs a request's handler in a server span, a child of the caller's `traceparent` header when it
 * sent one. `describe` names it (only called with tracing on).
 */
export function inServerSpan<T>(
  describe: () => { name: string; attributes: Attributes },
  header: (name: string) => string | null,
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!ENABLED) return fn(undefined);
  const { name, attributes } = describe();
  const traceparent = header("traceparent");
  const tracestate = header("tracestate");
  const carrier: Record<string, string> = {};
  if (traceparent) carrier.traceparent = traceparent;
  if (tracestate) carrier.tracestate = tracestate;
  const parent = traceparent ? propagation.extract(context.active(), carrier) : context.active();
  return context.with(parent, () => inSpan(name, { kind: SpanKind.SERVER, attributes }, fn));
}

export { SpanKind };
