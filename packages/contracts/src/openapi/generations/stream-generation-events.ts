import type { OperationDoc } from "../operation-doc";
import { z } from "zod";
import { FINAL_EVENT_ID, StreamResumeHeaders, StreamResumeQuery } from "../../event-stream";
import { AUTH_ERRORS, errorResponses } from "../error-responses";
import { okHeaders } from "../headers";
import { sseResponse } from "../record-responses";
import { apiKeyRequired } from "../security";

const GenerationIdParam = z.object({
  id: z.string().min(1).meta({ description: "Generation id (`vid_...`).", example: "vid_7hX2kLmQ9rT4vB8nC1dE3f" }),
});

export const streamGenerationEvents = (baseUrl: string): OperationDoc => ({
  tags: ["Generations"],
  summary: "Stream a generation's events",
  description:
    "Attaches (again) to the event stream of a running or finished generation: the same events, with the same ids, as the stream mode of create. " +
    `Without \`Last-Event-ID\` it starts from the current state (a finished generation: its final event, then the stream ends); with it, only later events are sent, and a client that already has the final event (id ${FINAL_EVENT_ID}) gets \`204 No Content\`, which tells an EventSource to stop reconnecting.`,
  security: apiKeyRequired,
  request: { params: GenerationIdParam, headers: StreamResumeHeaders, query: StreamResumeQuery },
  responses: {
    "200": sseResponse("The generation's events from the client's `Last-Event-ID` on, until it ends."),
    "204": {
      description: `The client already has the final event (its \`Last-Event-ID\` is ${FINAL_EVENT_ID}) and the generation has ended: nothing more will be sent. No body.`,
      headers: okHeaders,
    },
    ...errorResponses(baseUrl, ["invalid_parameter", "generation_not_found", ...AUTH_ERRORS], true),
  },
});
