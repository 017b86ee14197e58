import { z } from "zod";
import { MAX_ENDPOINT_DESCRIPTION_CHARS, WebhookEndpointInput } from "@vgen/contracts";
import { EndpointIdInput } from "./common.schema";

/** Only the fields sent change (no defaults: an absent description is left as it is). */
export const UpdateEndpointInput = EndpointIdInput.extend({
  url: WebhookEndpointInput.shape.url.optional(),
  description: z.string().trim().max(MAX_ENDPOINT_DESCRIPTION_CHARS).optional(),
  events: WebhookEndpointInput.shape.events.optional(),
  enabled: z.boolean().optional(),
  /** A project of the organization, or null for every project. */
  projectId: z.string().min(1).max(64).nullable().optional(),
});
