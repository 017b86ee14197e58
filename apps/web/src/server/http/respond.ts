import { listenEventStream, type ListenStreamSpec } from "./listen-stream";
import { generationEventStream, SSE_HEADERS, type EventStreamSpec } from "./sse";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/**
 * An API answer before it becomes a Response: server.ts writes it to the socket as it is (a JSON
 * text, or the spec of an event stream it serves itself); Next.js's route exports convert it.
 */
export class ApiReply {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    /** null: no body (204). */
    readonly body: { json: string } | { stream: EventStreamSpec } | { listen: ListenStreamSpec } | null,
  ) {}

  toResponse(): Response {
    if (this.body === null) return new Response(null, { status: this.status, headers: this.headers });
    if ("json" in this.body) return new Response(this.body.json, { status: this.status, headers: this.headers });
    const response =
      "listen" in this.body
        ? listenEventStream(this.body.listen, this.status)
        : generationEventStream(this.body.stream, this.status);
    for (const [name, value] of Object.entries(this.headers)) response.headers.set(name, value);
    return response;
  }
}

export function jsonReply(status: number, body: unknown): ApiReply {
  return new ApiReply(
    status,
    { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
    { json: JSON.stringify(body) },
  );
}

export function eventStreamReply(spec: EventStreamSpec): ApiReply {
  return new ApiReply(200, { ...SSE_HEADERS }, { stream: spec });
}

/** 204: e.g. a stream whose client already has its final event, which tells an EventSource to stop reconnecting. */
export function noContentReply(): ApiReply {
  return new ApiReply(204, { "cache-control": "no-store" }, null);
}

export function listenStreamReply(spec: ListenStreamSpec): ApiReply {
  return new ApiReply(200, { ...SSE_HEADERS }, { listen: spec });
}
