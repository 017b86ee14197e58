import { z } from "zod";
import { KeyRestrictionsRequest } from "@vgen/contracts";

const KeyName = z.string().trim().min(1, "Give the key a name.").max(60, "Use at most 60 characters.");

/** A name, restrictions when the key is to be limited from the start, and its mode (false: a test key). */
export const CreateKeyInput = z.object({
  name: KeyName,
  restrictions: KeyRestrictionsRequest.optional(),
  livemode: z.boolean().default(true),
  /** The project it belongs to; absent: the organization's default project. */
  projectId: z.string().min(1).max(64).optional(),
});
