import { z } from "zod";
import { KeyRestrictionsRequest } from "@vgen/contracts";

/** Replaces a live key's restrictions (all of them: the form sends the whole set). */
export const RestrictKeyInput = z.object({ id: z.string().min(1).max(64), restrictions: KeyRestrictionsRequest });
