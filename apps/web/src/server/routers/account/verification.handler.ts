import { TRPCError } from "@trpc/server";
import { sendVerificationLink, TooManyVerificationLinksError } from "@vgen/engine";
import type { AuthedContext } from "../../trpc";

/** The dashboard banner's "Send a new link". */
export async function resendVerificationHandler({ ctx }: { ctx: AuthedContext }) {
  try {
    return await sendVerificationLink(ctx.db, ctx.user.id);
  } catch (err) {
    if (err instanceof TooManyVerificationLinksError) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: err.message });
    throw err;
  }
}
