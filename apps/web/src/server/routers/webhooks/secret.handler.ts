import type { AuthedContext } from "../../trpc";

/** The signing secret; the page fetches it only when the user chooses to reveal or copy it. */
export async function secretHandler({ ctx }: { ctx: AuthedContext }) {
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { webhookSecret: true } });
  return { secret: account.webhookSecret };
}
