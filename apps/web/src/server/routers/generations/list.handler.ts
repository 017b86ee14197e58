import type { z } from "zod";
import { historyView, listGenerationHistory } from "@vgen/engine/generations";
import { livemodeOfRequest } from "../../../dashboard-mode/mode";
import type { AuthedContext } from "../../trpc";
import type { GenerationListInput } from "./list.schema";

/** One page of the signed-in account's generations of the dashboard's mode matching the filters, newest first. */
export async function listHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof GenerationListInput> }) {
  const { limit, cursor, ...filters } = input;
  const query = { ...filters, livemode: livemodeOfRequest(ctx.headers) };
  const page = await listGenerationHistory(ctx.db, ctx.accountId, { query, limit, cursor });
  return { data: page.data.map(historyView), nextCursor: page.nextCursor };
}
