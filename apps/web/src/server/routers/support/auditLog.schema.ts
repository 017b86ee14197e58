import { z } from "zod";
import { Paging } from "./common.schema";

export const AuditLogInput = z.object({
  accountId: z.string().trim().max(100).nullish(),
  actor: z.string().trim().max(200).nullish(),
  action: z.string().trim().max(100).nullish(),
  ...Paging,
});
