import { formatUsd } from "@vgen/contracts";
import { balanceSummary } from "@vgen/engine/billing";
import { withApiKey } from "../http/with-api-key";

/** GET /api/v1/balance: the key's account's available balance and what its running generations hold. */
export const getBalanceRoute = withApiKey(async (ctx) => {
  const { availableMicros, heldMicros } = await balanceSummary(ctx.db, ctx.account.id);
  return {
    kind: "json",
    status: 200,
    body: { object: "balance", available: formatUsd(availableMicros), held: formatUsd(heldMicros) },
  };
});
