import { z } from "zod";
import { Id, OptionalReason, RouteFields } from "./common.schema";

export const UpdateRouteInput = z.object({
  routeId: Id,
  ...z.object(RouteFields).partial().shape,
  reason: OptionalReason,
});
