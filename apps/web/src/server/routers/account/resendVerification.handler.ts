import { sendVerificationLink } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";

/** The dashboard banner's "Send a new link". */
export function resendVerificationHandler({ ctx }: { ctx: AuthedContext }) {
  return sendVerificationLink(ctx.db, ctx.user.id);
}
