import { OwnerConfirmationInput } from "./common.schema";

export const RegenerateRecoveryCodesInput = OwnerConfirmationInput;
