import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../error-responses";
import { sseResponse } from "../record-responses";
import { apiKeyRequired } from "../security";

const GenerationIdParam = z.object({
  id: z.string().min(1).meta({ description: "Generation id (`vid_...`).", example: "vid_7hX2kLmQ9rT4vB8nC1dE3f" }),
});

/** GET /api/v1/videos/generations/{id}/events */
export const streamGenerationEvents = (baseUrl: string): RouteConfig => ({
  method: "get",
  path: "/api/v1/videos/generations/{id}/events",
  operationId: "streamGenerationEvents",
  tags: ["Generations"],
  summary: "Stream a generation's events",
  description:
    "Re-attaches to the event stream of a running or finished generation (same format as the stream mode of create). A finished generation yields one event and the stream ends.",
  security: apiKeyRequired,
  request: { params: GenerationIdParam },
  responses: {
    "200": sseResponse("The record as server-sent events until the generation ends."),
    ...errorResponses(baseUrl, ["generation_not_found", ...AUTH_ERRORS], true),
  },
});
