import type { z } from "zod";
import { ApiError } from "@vgen/contracts";
import { listSessions, revokeAccountSessions, revokeOwnSession } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";
import type { RevokeSessionInput } from "./sessions.schema";

export function listSessionsHandler({ ctx }: { ctx: AuthedContext }) {
  return listSessions(ctx.db, ctx.user.id, ctx.user.sessionId);
}

/** Signs one of the owner's sessions out (this one too, which is a plain sign-out). */
export async function revokeSessionHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RevokeSessionInput> }) {
  if (!(await revokeOwnSession(ctx.db, ctx.user.id, input.sessionId))) {
    throw new ApiError("resource_not_found", "No such session: it may have been signed out already.", "sessionId");
  }
  return { revoked: true };
}

/** "Sign out everywhere else": every session but the one asking. */
export async function revokeOtherSessionsHandler({ ctx }: { ctx: AuthedContext }) {
  return { revoked: await revokeAccountSessions(ctx.db, ctx.user.id, ctx.user.sessionId) };
}
