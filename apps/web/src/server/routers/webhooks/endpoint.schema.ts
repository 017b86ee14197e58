import { EndpointIdInput } from "./common.schema";

export const EndpointInput = EndpointIdInput;
