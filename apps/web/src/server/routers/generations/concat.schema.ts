import { idSchema } from "@vgen/contracts";
import { z } from "zod";

/** The last clip of an extension chain, as POST /api/v1/videos/concat takes it. */
export const ConcatInput = z.object({ id: idSchema("vid", "Not a generation id.") });
