import type { z } from "zod";
import { ApiError } from "@vgen/contracts";
import { revokeOwnSession } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";
import type { RevokeSessionInput } from "./revokeSession.schema";

/** Signs one of the owner's sessions out (this one too, which is a plain sign-out). */
export async function revokeSessionHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RevokeSessionInput> }) {
  if (!(await revokeOwnSession(ctx.db, ctx.user.id, input.sessionId))) {
    throw new ApiError("resource_not_found", "No such session: it may have been signed out already.", "sessionId");
  }
  return { revoked: true };
}
