import { idSchema } from "@vgen/contracts";
import { z } from "zod";

export const RevokeInvitationInput = z.object({ id: idSchema("oinv") });
