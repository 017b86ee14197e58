import { ApiError, formatUsd } from "@vgen/contracts";
import { newId, type DbOrTx, type Tx } from "@vgen/db";

/** First instant of the calendar month (UTC) that `now` is in. */
export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Whether a new cost fits under a monthly cap (pure). */
function fitsUnderCap(spentMicros: bigint, costMicros: bigint, capMicros: bigint | null): boolean {
  return capMicros === null || spentMicros + costMicros <= capMicros;
}

export function subscriptionPaused(modelId: string): ApiError {
  return new ApiError(
    "subscription_paused",
    `Your subscription to ${modelId} is paused. Resume it under My subscriptions.`,
    "model",
  );
}

/** Whether the account's subscription to the model is paused, read from its row (not a cache). */
export async function subscriptionPausedNow(db: DbOrTx, accountId: string, modelId: string): Promise<boolean> {
  const sub = await db.subscription.findUnique({
    where: { accountId_modelId: { accountId, modelId } },
    select: { status: true },
  });
  return sub?.status === "paused";
}

/**
 * Inside the create transaction: finds or creates the account's subscription to the model, locks it
 * so concurrent requests check the cap one at a time, and refuses paused or over-cap requests.
 */
export async function admitUnderSubscription(tx: Tx, accountId: string, modelId: string, costMicros: bigint) {
  await tx.$executeRaw`
    INSERT INTO subscriptions (id, account_id, model_id, status, created_at, updated_at)
    VALUES (${newId("sub")}, ${accountId}, ${modelId}, 'active', now(), now())
    ON CONFLICT (account_id, model_id) DO NOTHING`;
  const [sub] = await tx.$queryRaw<{ status: string; cap: bigint | null }[]>`
    SELECT status::text AS status, monthly_spend_cap_micros AS cap FROM subscriptions
    WHERE account_id = ${accountId} AND model_id = ${modelId} FOR UPDATE`;
  if (sub!.status === "paused") throw subscriptionPaused(modelId);
  if (sub!.cap !== null) {
    const spent = await monthSpendMicros(tx, accountId, modelId);
    if (!fitsUnderCap(spent, costMicros, sub!.cap)) {
      throw new ApiError(
        "spend_limit_reached",
        `This generation (${formatUsd(costMicros)}) would pass your monthly cap of ${formatUsd(sub!.cap)} for ${modelId}; ${formatUsd(spent)} is already spent or held this month.`,
        "model",
      );
    }
  }
}

/** Spend this month on a model: completed charges plus open holds. */
async function monthSpendMicros(tx: Tx, accountId: string, modelId: string, now = new Date()): Promise<bigint> {
  const agg = await tx.generation.aggregate({
    where: {
      accountId,
      modelId,
      livemode: true,
      createdAt: { gte: monthStart(now) },
      status: { in: ["processing", "completed"] },
    },
    _sum: { costMicros: true },
  });
  return agg._sum.costMicros ?? 0n;
}
