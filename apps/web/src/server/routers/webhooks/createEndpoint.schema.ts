import { WebhookEndpointInput } from "@vgen/contracts";

export const CreateEndpointInput = WebhookEndpointInput;
