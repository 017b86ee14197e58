import type { z } from "zod";
import { usageStats } from "@vgen/engine/billing";
import type { AuthedContext } from "../../trpc";
import type { UsageInput } from "./usage.schema";

/** Request statistics of the signed-in account, with the names of its keys and models for filters. */
export async function usageHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof UsageInput> }) {
  const accountId = ctx.user.id;
  const [stats, keys, models] = await Promise.all([
    usageStats(ctx.db, { accountId, days: input.days, modelId: input.modelId ?? null, apiKeyId: input.apiKeyId ?? null }),
    ctx.db.apiKey.findMany({
      where: { accountId },
      select: { id: true, name: true, prefix: true, revokedAt: true },
      orderBy: { createdAt: "asc" },
    }),
    ctx.db.catalogModel.findMany({ select: { id: true }, orderBy: { sortOrder: "asc" } }),
  ]);
  return { ...stats, keys, models: models.map((m) => m.id) };
}
