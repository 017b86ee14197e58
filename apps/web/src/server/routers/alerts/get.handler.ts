import { getAlertSettings } from "@vgen/engine/alerts";
import type { AuthedContext } from "../../trpc";

/** The owner's balance alert thresholds and whether each has fired. */
export function getHandler({ ctx }: { ctx: AuthedContext }) {
  return getAlertSettings(ctx.db, ctx.accountId);
}
