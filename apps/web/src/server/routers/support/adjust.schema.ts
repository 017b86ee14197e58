import { z } from "zod";
import { Id, Reason, SignedDollars } from "./common.schema";

export const AdjustInput = z.object({ accountId: Id, amount: SignedDollars, reason: Reason });
