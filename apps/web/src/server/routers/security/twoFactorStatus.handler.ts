import { twoFactorStatus } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";

export function twoFactorStatusHandler({ ctx }: { ctx: AuthedContext }) {
  return twoFactorStatus(ctx.db, ctx.user.id);
}
