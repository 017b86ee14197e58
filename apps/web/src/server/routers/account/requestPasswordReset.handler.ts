import type { z } from "zod";
import { ApiError } from "@vgen/contracts";
import { requestPasswordReset } from "@vgen/engine/auth";
import { consumeRateLimit } from "@vgen/engine/platform";
import { clientIp } from "../../http/client-ip";
import type { TRPCContext } from "../../trpc";
import type { RequestResetInput } from "./requestPasswordReset.schema";

const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 20;

/** Always the same answer, so the form does not tell who has an account. */
export async function requestPasswordResetHandler({
  ctx,
  input,
}: {
  ctx: TRPCContext;
  input: z.infer<typeof RequestResetInput>;
}) {
  const limit = await consumeRateLimit(`reset-request:${clientIp(ctx.headers)}`, RESET_REQUESTS_PER_ADDRESS_PER_HOUR, 3600);
  if (!limit.allowed) throw new ApiError("too_many_attempts", "Too many reset requests from this address. Try again in an hour.");
  await requestPasswordReset(ctx.db, input.email);
  return { requested: true };
}
