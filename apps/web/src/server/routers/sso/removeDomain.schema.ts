import { DomainIdInput } from "./common.schema";

export const RemoveDomainInput = DomainIdInput;
