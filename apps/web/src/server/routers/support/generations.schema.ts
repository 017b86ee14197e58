import { z } from "zod";
import { Id, Paging } from "./common.schema";

export const AccountGenerationsInput = z.object({
  accountId: Id,
  status: z.enum(["processing", "completed", "failed", "canceled"]).nullish(),
  ...Paging,
});
