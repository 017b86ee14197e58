import { z } from "zod";
import { Id, OptionalReason, RouteFields } from "./common.schema";

export const AddRouteInput = z.object({
  modelId: Id,
  ...RouteFields,
  position: RouteFields.position.optional(),
  enabled: RouteFields.enabled.optional(),
  reason: OptionalReason,
});
