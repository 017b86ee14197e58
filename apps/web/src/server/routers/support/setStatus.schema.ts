import { z } from "zod";
import { Id, Reason } from "./common.schema";

export const SetAccountStatusInput = z.object({ accountId: Id, status: z.enum(["active", "suspended"]), reason: Reason });
