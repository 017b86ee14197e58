import { rotateWebhookSecret } from "@vgen/engine";
import type { SessionUser } from "../../auth/session";
import type { TRPCContext } from "../../trpc";

export async function rotateSecretHandler({ ctx }: { ctx: TRPCContext & { user: SessionUser } }) {
  return { secret: await rotateWebhookSecret(ctx.db, ctx.user.id) };
}
