import type { z } from "zod";
import { setNotificationSettings } from "@vgen/engine/mail";
import type { AuthedContext } from "../../trpc";
import type { SetNotificationSettingsInput } from "./setNotificationSettings.schema";

export function setNotificationSettingsHandler({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: z.infer<typeof SetNotificationSettingsInput>;
}) {
  return setNotificationSettings(ctx.db, ctx.user.id, input.enabled);
}
