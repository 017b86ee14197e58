import { z } from "zod";
import { DEFAULT_STATS_DAYS } from "@vgen/engine/support";
import { Dollars, Id } from "./common.schema";

const Int = (min: number, max: number) => z.number().int().min(min).max(max);
/** Kept in the audit row when given. */
const OptionalReason = z.string().trim().max(500).optional();

/** A route's fields as the form sends them; the engine checks them against the providers it knows. */
const RouteFieldsInput = {
  provider: z.string().trim().min(1).max(40),
  upstreamModel: z.string().trim().max(200).nullish(),
  credentials: z.string().trim().max(40).nullish(),
  maxConcurrency: Int(1, 10_000),
  /** Dollars per delivered second the upstream charges, parsed with parseUsd. */
  cost: Dollars,
  position: Int(0, 10_000),
  enabled: z.boolean(),
};

export const AddRouteInput = z.object({
  modelId: Id,
  ...RouteFieldsInput,
  position: RouteFieldsInput.position.optional(),
  enabled: RouteFieldsInput.enabled.optional(),
  reason: OptionalReason,
});

export const UpdateRouteInput = z.object({
  routeId: Id,
  ...z.object(RouteFieldsInput).partial().shape,
  reason: OptionalReason,
});

export const RouteActionInput = z.object({ routeId: Id, reason: OptionalReason });

export const ReorderRoutesInput = z.object({ modelId: Id, routeIds: z.array(Id).min(1).max(100), reason: OptionalReason });

export const RouteStatsInput = z.object({ days: Int(1, 365).default(DEFAULT_STATS_DAYS) });
