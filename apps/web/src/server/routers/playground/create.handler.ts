import type { z } from "zod";
import { getAccount } from "@vgen/engine/accounts";
import { acceptGeneration } from "@vgen/engine/generations";
import { livemodeOfRequest } from "../../../dashboard-mode/mode";
import type { AuthedContext } from "../../trpc";
import { apiBodyOf, type PlaygroundCreateInput } from "./create.schema";

/**
 * A generation for the signed-in account, validated, limited and billed exactly like the API; in the
 * dashboard's test mode, a test-mode generation like a test key's (free, rendered locally). The API's
 * record comes with the generation's price in micro-dollars, which the page shows the charge with.
 */
export async function createHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof PlaygroundCreateInput> }) {
  const account = await getAccount(ctx.db, ctx.accountId);
  const { generation, record } = await acceptGeneration(ctx.db, {
    account,
    apiKeyId: null,
    body: { ...apiBodyOf(input), stream: false },
    livemode: livemodeOfRequest(ctx.headers),
  });
  return { ...record, priceMicrosPerSecond: generation.priceMicrosPerSecond };
}
