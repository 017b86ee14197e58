import { EndpointIdInput } from "./common.schema";

export const ResumeEndpointInput = EndpointIdInput;
