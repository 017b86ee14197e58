import { OwnerConfirmationInput } from "./common.schema";

export const DisableTwoFactorInput = OwnerConfirmationInput;
