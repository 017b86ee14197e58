/** Success responses that carry the generation record: as JSON, or as a server-sent event stream. */
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { GenerationRecord } from "../generation";
import { EXAMPLE_COMPLETED, EXAMPLE_RECORD } from "./examples";
import { okHeaders } from "./headers";

export const jsonRecord = (description: string, example: unknown, headers: Record<string, unknown>): ResponseConfig => ({
  description,
  headers: headers as ResponseConfig["headers"],
  content: { "application/json": { schema: GenerationRecord, example } },
});

const SSE_EXAMPLE = [
  `event: generation\nid: 1\ndata: ${JSON.stringify(EXAMPLE_RECORD)}\n`,
  `: keep-alive\n`,
  `event: generation\nid: 2\ndata: ${JSON.stringify(EXAMPLE_COMPLETED)}\n`,
].join("\n");

export const sseResponse = (description: string): ResponseConfig => ({
  description,
  headers: okHeaders,
  content: {
    "text/event-stream": {
      schema: {
        type: "string",
        description:
          "Server-sent events. Each event has `event: generation`, `id:` = a sequence number starting at 1, and `data:` = the Generation record as one line of JSON (schema `Generation`). " +
          "The first event is sent at once (status `processing`); then one whenever the record changes and at least every 5 s; a comment line `: keep-alive` every 15 s; " +
          "the last event carries the terminal record (`completed`, `failed` or `canceled`) and the stream ends. " +
          "When the server restarts (a deploy, a graceful shutdown), the stream instead ends with `event: server_restarting` and a `retry:` field (ms): " +
          "the generation goes on; reconnect to GET /api/v1/videos/generations/{id}/events after that delay to continue.",
        "x-sse-event": "generation",
        "x-sse-data": { $ref: "#/components/schemas/Generation" },
      } as never,
      example: SSE_EXAMPLE,
    },
  },
});
