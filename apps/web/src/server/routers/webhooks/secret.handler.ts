import { getWebhookSecret } from "@vgen/engine/delivery";
import type { AuthedContext } from "../../trpc";

/** The signing secret; the page fetches it only when the user chooses to reveal or copy it. */
export async function secretHandler({ ctx }: { ctx: AuthedContext }) {
  return { secret: await getWebhookSecret(ctx.db, ctx.accountId) };
}
