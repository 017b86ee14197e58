import { z } from "zod";
import { OptionalNotificationKind } from "@vgen/contracts";

/** The optional notification emails to keep on; every other optional one is turned off. Security ones are not settable. */
export const SetNotificationSettingsInput = z.object({ enabled: z.array(OptionalNotificationKind).max(10) });
