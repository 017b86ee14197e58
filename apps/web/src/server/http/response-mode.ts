import { ApiError, type CreateGenerationInput } from "@vgen/contracts";
import type { ApiRequest } from "./api-request";

export type ResponseMode = "stream" | "callback" | "poll";

/** An Accept header that takes the event stream but not JSON. */
const streamOnly = (req: ApiRequest) => {
  const accept = req.header("accept") ?? "";
  return /text\/event-stream/i.test(accept) && !/application\/json/i.test(accept);
};

/**
 * webHook → callback; `stream:false`, an Accept of JSON only, or a `Prefer: wait` → poll;
 * otherwise stream (docs/api.md#response-modes).
 */
export function chooseResponseMode(req: ApiRequest, body: CreateGenerationInput, waits: boolean): ResponseMode {
  if (body.webHook) return "callback";
  if (body.stream === false) return "poll";
  if (body.stream === true) return "stream";
  const accept = req.header("accept") ?? "";
  const wantsJsonOnly = /application\/json/i.test(accept) && !/text\/event-stream/i.test(accept);
  return wantsJsonOnly || waits ? "poll" : "stream";
}

/**
 * A wait holds a JSON answer; an event stream already follows the generation to its end, so a
 * request that asks for both is refused before anything is created.
 */
export function refuseWaitOnStream(req: ApiRequest, rawBody: unknown): void {
  const body = rawBody as { stream?: unknown; webHook?: unknown } | null;
  const asksStream = body?.stream === true || (body?.stream === undefined && streamOnly(req));
  if (asksStream && !body?.webHook)
    throw new ApiError(
      "invalid_parameter",
      "Prefer: wait holds a JSON answer; an event stream (`stream: true` or `Accept: text/event-stream`) already follows the generation to its end. Send one or the other.",
      "Prefer",
    );
}
