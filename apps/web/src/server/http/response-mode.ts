import type { CreateGenerationInput } from "@vgen/contracts";
import type { ApiRequest } from "./api-request";

export type ResponseMode = "stream" | "callback" | "poll";

/** webHook → callback; `stream:false` or an Accept of JSON only → poll; otherwise stream (docs/api.md#response-modes). */
export function chooseResponseMode(req: ApiRequest, body: CreateGenerationInput): ResponseMode {
  if (body.webHook) return "callback";
  if (body.stream === false) return "poll";
  if (body.stream === true) return "stream";
  const accept = req.header("accept") ?? "";
  const wantsJsonOnly = /application\/json/i.test(accept) && !/text\/event-stream/i.test(accept);
  return wantsJsonOnly ? "poll" : "stream";
}
