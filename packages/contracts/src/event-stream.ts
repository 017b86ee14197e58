/**
 * A generation's event stream (docs/api.md#stream-format): its event ids and how a client resumes.
 * One schema validates `Last-Event-ID` / `lastEventId` and documents them in the OpenAPI document.
 */
import { z } from "zod";
import { ApiError } from "./errors";

/**
 * The id of a stream's final event. Every event's id is derived from the state it shows, so it is
 * the same on every connection and rises along the generation's life: its `progress` (0–99) while
 * `processing`, then this once it has ended, whatever the progress.
 */
export const FINAL_EVENT_ID = 100;

/** Seconds a stream can go without an event or a `: keep-alive` comment: the longest silence a client should expect. */
export const STREAM_KEEPALIVE_SECONDS = 15;

/** Milliseconds a client waits before reconnecting after a cut (the stream's `retry:` field). */
export const STREAM_RETRY_MS = 2000;

const LAST_EVENT_ID_DESCRIPTION =
  `The id of the last event the client has (an integer 0–${FINAL_EVENT_ID}): the stream sends only later events. ` +
  `When it is the final event's id (${FINAL_EVENT_ID}) and the generation has ended, the answer is \`204 No Content\`, which makes an EventSource stop reconnecting.`;

/** An event id as a client sends it back: 0 to FINAL_EVENT_ID in decimal. */
const EventId = z.string().regex(/^(100|[1-9]?[0-9])$/);

export const StreamResumeHeaders = z.object({
  "Last-Event-ID": EventId.optional().meta({
    description: `${LAST_EVENT_ID_DESCRIPTION} Sent by EventSource clients when they reconnect.`,
    example: "42",
  }),
});

export const StreamResumeQuery = z.object({
  lastEventId: EventId.optional().meta({
    description:
      "The same as the `Last-Event-ID` header, for clients that cannot set headers when they first connect; the header wins when both are sent (a reconnecting EventSource sends the newer id in the header).",
    example: "42",
  }),
});

/** The event id a client resumes after, from its `Last-Event-ID` header or else `lastEventId` query; null for none. */
export function parseLastEventId(header: string | null, query: string | null): number | null {
  const [param, value] = header ? ["Last-Event-ID", header] : ["lastEventId", query];
  if (!value) return null;
  const parsed = EventId.safeParse(value.trim());
  if (!parsed.success) {
    throw new ApiError(
      "invalid_parameter",
      `Invalid '${param}': must be the id of an event of this stream, an integer from 0 to ${FINAL_EVENT_ID}.`,
      param,
    );
  }
  return Number(parsed.data);
}
