import { z } from "zod";
import { Id, Reason } from "./common.schema";

export const ResetTwoFactorInput = z.object({ accountId: Id, reason: Reason });
