import { z } from "zod";
import { WebhookEndpointInput } from "@vgen/contracts";

/** An endpoint's fields, and the project whose events it takes (null or absent: every project's). */
export const CreateEndpointInput = WebhookEndpointInput.extend({ projectId: z.string().min(1).max(64).nullish() });
