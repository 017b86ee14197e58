import type { z } from "zod";
import { env } from "@vgen/config";
import { ApiError } from "@vgen/contracts";
import { consumeRateLimit } from "@vgen/engine/platform";
import { signUp } from "@vgen/engine/accounts";
import { localeOfRequest } from "../../../i18n/locales";
import { clientIp } from "../../http/client-ip";
import type { TRPCContext } from "../../trpc";
import type { SignUpInput } from "./signUp.schema";

const SIGN_UPS_PER_ADDRESS_PER_HOUR = env().SIGN_UPS_PER_ADDRESS_PER_HOUR;

export async function signUpHandler({ ctx, input }: { ctx: TRPCContext; input: z.infer<typeof SignUpInput> }) {
  const limit = await consumeRateLimit(`signup:${clientIp(ctx.headers)}`, SIGN_UPS_PER_ADDRESS_PER_HOUR, 3600);
  if (!limit.allowed) {
    throw new ApiError("too_many_attempts", "Too many sign-ups from this address. Try again in an hour.");
  }
  // A taken address gets the same answer, less the key (its owner was emailed).
  const created = await signUp(ctx.db, {
    email: input.email,
    password: input.password,
    name: input.name,
    locale: localeOfRequest(ctx.headers),
  });
  if (!created) return { email: input.email.trim().toLowerCase(), testKey: null };
  // The test key in full, this once: the quick start shows it with a curl that works right away.
  const { record } = created.testKey;
  return {
    email: created.account.email,
    testKey: { id: record.id, key: created.testKey.key, prefix: record.prefix, name: record.name, livemode: false },
  };
}
