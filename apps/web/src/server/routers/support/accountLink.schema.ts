import { z } from "zod";
import { Id } from "./common.schema";

export const AccountLinkInput = z.object({ accountId: Id, kind: z.enum(["password_reset", "email_verification"]) });
