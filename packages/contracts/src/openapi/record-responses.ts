/** Success responses that carry the generation record: as JSON, or as a server-sent event stream. */
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { FINAL_EVENT_ID, STREAM_KEEPALIVE_SECONDS, STREAM_RETRY_MS } from "../event-stream";
import { GenerationRecord } from "../generation";
import { EXAMPLE_COMPLETED, EXAMPLE_RECORD } from "./examples";
import { okHeaders } from "./headers";

export const jsonRecord = (description: string, example: unknown, headers: Record<string, unknown>): ResponseConfig => ({
  description,
  headers: headers as ResponseConfig["headers"],
  content: { "application/json": { schema: GenerationRecord, example } },
});

const SSE_EXAMPLE = [
  `retry: ${STREAM_RETRY_MS}`,
  "",
  `event: generation\nid: ${EXAMPLE_RECORD.progress}\ndata: ${JSON.stringify(EXAMPLE_RECORD)}`,
  "",
  ": keep-alive",
  "",
  `event: generation\nid: ${FINAL_EVENT_ID}\ndata: ${JSON.stringify(EXAMPLE_COMPLETED)}`,
].join("\n");

/**
 * The event stream as `text/event-stream`. Its `schema` is the schema of each event's `data`
 * (the Generation record), the convention OpenAPI 3.1 generators read (docs/api.md#the-stream-in-the-openapi-document):
 * with it a client generated from the document types the create's 200 as a Generation either way.
 */
export const sseResponse = (description: string): ResponseConfig => ({
  description:
    `${description}\n\n` +
    "Server-sent events; the media type's schema is that of each event's `data:` (one line of JSON). " +
    `Each event is \`event: generation\`; its \`id:\` is derived from the state it shows, the same on every connection: the record's \`progress\` (0–99) while \`processing\`, ${FINAL_EVENT_ID} for the final event. ` +
    "The first event shows the current state at once; then one for each newer state, and the final one (`completed`, `failed` or `canceled`), after which the stream ends. " +
    `Between events a \`: keep-alive\` comment: the stream is never silent for ${STREAM_KEEPALIVE_SECONDS} s. \`retry: ${STREAM_RETRY_MS}\` sets the reconnection delay. ` +
    "To resume, GET /api/v1/videos/generations/{id}/events with `Last-Event-ID` (EventSource clients send it when they reconnect): only later events follow, and after the final event the answer is `204 No Content`. " +
    "When the server restarts (a deploy, a graceful shutdown), the stream instead ends with `event: server_restarting` (no id): the generation goes on; reconnect as above.",
  headers: okHeaders,
  content: {
    "text/event-stream": {
      schema: GenerationRecord,
      // The wire text, as an extension: as `example` it would be checked against the schema of one event's data.
      "x-sse-example": SSE_EXAMPLE,
    } as never,
  },
});
