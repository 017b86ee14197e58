import { rotateWebhookSecret } from "@vgen/engine/delivery";
import type { AuthedContext } from "../../trpc";

export async function rotateSecretHandler({ ctx }: { ctx: AuthedContext }) {
  return { secret: await rotateWebhookSecret(ctx.db, ctx.accountId) };
}
