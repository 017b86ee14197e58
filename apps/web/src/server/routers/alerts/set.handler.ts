import type { z } from "zod";
import { parseUsd } from "@vgen/contracts";
import { setAlertSettings } from "@vgen/engine/alerts";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { SetAlertsInput } from "./set.schema";

/** Sets or clears both balance alert thresholds; dollars are parsed to micro-dollars without floats. */
export function setHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof SetAlertsInput> }) {
  const micros = (dollars: string | null) => (dollars === null ? null : parseUsd(dollars));
  return setAlertSettings(
    ctx.db,
    ctx.accountId,
    {
      lowBalanceThresholdMicros: micros(input.lowBalanceThreshold),
      monthlySpendThresholdMicros: micros(input.monthlySpendThreshold),
    },
    memberActor(ctx),
  );
}
