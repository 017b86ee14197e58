import { DomainIdInput } from "./common.schema";

export const VerifyDomainInput = DomainIdInput;
