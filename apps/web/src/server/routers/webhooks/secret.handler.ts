import type { SessionUser } from "../../auth/session";
import type { TRPCContext } from "../../trpc";

/** The signing secret; the page fetches it only when the user chooses to reveal or copy it. */
export async function secretHandler({ ctx }: { ctx: TRPCContext & { user: SessionUser } }) {
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { webhookSecret: true } });
  return { secret: account.webhookSecret };
}
