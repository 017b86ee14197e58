import { EndpointIdInput } from "./common.schema";

export const RollEndpointSecretInput = EndpointIdInput;
