import { z } from "zod";
import { Id } from "./common.schema";

export const StaffGenerationInput = z.object({ generationId: Id });
