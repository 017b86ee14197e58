import type { z } from "zod";
import { getGenerationForStaff } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { StaffGenerationInput } from "./generation.schema";

/** One generation of any account, with its route attempts, webhook deliveries and trace id. */
export function generationHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof StaffGenerationInput> }) {
  return getGenerationForStaff(ctx.db, input.generationId);
}
