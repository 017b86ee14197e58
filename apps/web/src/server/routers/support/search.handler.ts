import type { z } from "zod";
import { searchAccounts } from "@vgen/engine";
import type { StaffCtx } from "./errors";
import type { SearchInput } from "./search.schema";

/** Accounts by email (partial), account id, key prefix or generation id. */
export async function searchHandler({ ctx, input }: { ctx: StaffCtx; input: z.infer<typeof SearchInput> }) {
  return searchAccounts(ctx.db, input.query);
}
