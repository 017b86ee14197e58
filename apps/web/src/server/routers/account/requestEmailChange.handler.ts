import type { z } from "zod";
import { requestEmailChange } from "@vgen/engine/auth";
import type { AuthedContext } from "../../trpc";
import type { RequestEmailChangeInput } from "./requestEmailChange.schema";

/** Account settings' "Change email": a confirmation link goes to the new address; nothing changes until it is opened. */
export function requestEmailChangeHandler({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: z.infer<typeof RequestEmailChangeInput>;
}) {
  return requestEmailChange(ctx.db, { accountId: ctx.user.id, currentPassword: input.currentPassword, newEmail: input.newEmail });
}
