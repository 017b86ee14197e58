import { EndpointIdInput } from "./common.schema";

export const DeleteEndpointInput = EndpointIdInput;
