import { listSessions } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";

export function sessionsHandler({ ctx }: { ctx: AuthedContext }) {
  return listSessions(ctx.db, ctx.user.id, ctx.user.sessionId);
}
