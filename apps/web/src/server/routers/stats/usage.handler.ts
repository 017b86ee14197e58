import type { z } from "zod";
import { listApiKeyLabels } from "@vgen/engine/accounts";
import { usageStats } from "@vgen/engine/billing";
import { listModelIds } from "@vgen/engine/catalog";
import type { AuthedContext } from "../../trpc";
import type { UsageInput } from "./usage.schema";

/** Request statistics of the signed-in account, with the names of its keys and models for filters. */
export async function usageHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof UsageInput> }) {
  const accountId = ctx.accountId;
  const [stats, keys, models] = await Promise.all([
    usageStats(ctx.db, {
      accountId,
      days: input.days,
      modelId: input.modelId ?? null,
      apiKeyId: input.apiKeyId ?? null,
      projectId: input.projectId ?? null,
    }),
    listApiKeyLabels(ctx.db, accountId),
    listModelIds(ctx.db),
  ]);
  return { ...stats, keys, models };
}
