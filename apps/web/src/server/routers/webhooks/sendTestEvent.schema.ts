import { EndpointIdInput } from "./common.schema";

export const SendTestEventInput = EndpointIdInput;
