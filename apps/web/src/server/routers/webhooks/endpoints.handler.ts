import { listEndpoints } from "@vgen/engine/delivery";
import type { AuthedContext } from "../../trpc";

/** The account's webhook endpoints, oldest first (never their secrets). */
export function endpointsHandler({ ctx }: { ctx: AuthedContext }) {
  return listEndpoints(ctx.db, ctx.accountId);
}
