import type { z } from "zod";
import { getAccountActivity, getAccountOrganization, getAccountOverview } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { AccountInput } from "./account.schema";

export async function accountHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof AccountInput> }) {
  const overview = await getAccountOverview(ctx.db, input.accountId);
  const activity = await getAccountActivity(ctx.db, input.accountId);
  const organization = await getAccountOrganization(ctx.db, input.accountId);
  return { ...overview, ...activity, organization };
}
