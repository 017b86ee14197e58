import { revokeAccountSessions } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";

/** "Sign out everywhere else": every session but the one asking. */
export async function revokeOtherSessionsHandler({ ctx }: { ctx: AuthedContext }) {
  return { revoked: await revokeAccountSessions(ctx.db, ctx.user.id, ctx.user.sessionId) };
}
