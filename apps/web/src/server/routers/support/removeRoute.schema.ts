import { z } from "zod";
import { Id, OptionalReason } from "./common.schema";

export const RemoveRouteInput = z.object({ routeId: Id, reason: OptionalReason });
