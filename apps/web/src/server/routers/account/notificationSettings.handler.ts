import { notificationSettings } from "@vgen/engine/mail";
import type { AuthedContext } from "../../trpc";

/** The owner's optional notification emails, each with whether it is on. */
export function notificationSettingsHandler({ ctx }: { ctx: AuthedContext }) {
  return notificationSettings(ctx.db, ctx.user.id);
}
