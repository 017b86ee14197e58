import { listSubscriptions, unsubscribedModels } from "@vgen/engine/accounts";
import { QUEUE_LABELS } from "@vgen/engine/catalog";
import type { AuthedContext } from "../../trpc";

/** The signed-in account's subscriptions, and the catalog models it can still subscribe to. */
export async function listHandler({ ctx }: { ctx: AuthedContext }) {
  const [subscriptions, available] = await Promise.all([
    listSubscriptions(ctx.db, ctx.accountId),
    unsubscribedModels(ctx.db, ctx.accountId),
  ]);
  return {
    subscriptions,
    available: available.map((m) => ({
      id: m.id,
      purpose: m.purpose,
      purposeRu: m.purposeRu,
      priceMicrosPerSecond: m.priceMicrosPerSecond,
      rateLimitQps: m.rateLimitQps,
      minChargeSeconds: m.minChargeSeconds,
      queue: QUEUE_LABELS[m.queue],
    })),
  };
}
