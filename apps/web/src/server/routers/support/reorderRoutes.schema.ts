import { z } from "zod";
import { Id, OptionalReason } from "./common.schema";

export const ReorderRoutesInput = z.object({ modelId: Id, routeIds: z.array(Id).min(1).max(100), reason: OptionalReason });
