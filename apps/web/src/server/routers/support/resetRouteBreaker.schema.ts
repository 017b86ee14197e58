import { z } from "zod";
import { Id, OptionalReason } from "./common.schema";

export const ResetRouteBreakerInput = z.object({ routeId: Id, reason: OptionalReason });
