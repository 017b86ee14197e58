import { KeyRestrictionsRequest } from "@vgen/contracts";
import { KeyIdInput } from "./revoke.schema";

/** The key to rotate and, optionally, its successor's expiry (null: never); left out, the expiry is kept. */
export const RotateKeyInput = KeyIdInput.extend({ expiresAt: KeyRestrictionsRequest.shape.expiresAt.optional() });
