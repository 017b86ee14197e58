import type { z } from "zod";
import { parseUsd } from "@vgen/contracts";
import { setSpendCap } from "@vgen/engine/accounts";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { SetCapInput } from "./setCap.schema";

/** Sets or clears the monthly spend cap; dollars are parsed to micro-dollars without floats. */
export async function setCapHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof SetCapInput> }) {
  const capMicros = input.cap === null ? null : parseUsd(input.cap);
  const sub = await setSpendCap(ctx.db, ctx.accountId, input.modelId, capMicros, memberActor(ctx));
  return { modelId: sub.modelId, monthlySpendCapMicros: sub.monthlySpendCapMicros };
}
