import { ApiError } from "@vgen/contracts";
import { newId, type Db } from "@vgen/db";
import { type MemberActor, writeMemberAuditRow } from "../audit";
import { QUEUE_LABELS } from "../catalog";
import { monthStart } from "./subscription-admission";

/** Largest monthly cap accepted: $1,000,000. */
const MAX_SPEND_CAP_MICROS = 1_000_000n * 1_000_000n;

/** A subscription change refused: an unknown model or subscription, or a cap out of range. */
class SubscriptionError extends ApiError {
  constructor(code: "resource_not_found" | "invalid_parameter", message: string, param: string | null = null) {
    super(code, message, param);
    this.name = "SubscriptionError";
  }
}

export interface SubscriptionView {
  id: string;
  modelId: string;
  status: "active" | "paused";
  queue: string;
  priceMicrosPerSecond: bigint;
  rateLimitQps: number;
  minChargeSeconds: number;
  modelEnabled: boolean;
  monthlySpendCapMicros: bigint | null;
  createdAt: Date;
  month: {
    /** First instant (UTC) of the current month. */
    start: Date;
    /** Generations requested this month (any outcome). */
    generations: number;
    completed: number;
    /** Billed seconds of completed generations. */
    billedSeconds: number;
    /** Charged this month (completed generations). */
    chargedMicros: bigint;
    /** Held by generations still running. */
    heldMicros: bigint;
    /** charged + held: what the cap is checked against. */
    spendMicros: bigint;
  };
}

/** The account's subscriptions with their plan, limits and this month's usage and spend. */
export async function listSubscriptions(db: Db, accountId: string, now = new Date()): Promise<SubscriptionView[]> {
  const start = monthStart(now);
  const [subs, usage] = await Promise.all([
    db.subscription.findMany({
      where: { accountId },
      include: { model: true },
      orderBy: [{ model: { sortOrder: "asc" } }, { modelId: "asc" }],
    }),
    db.generation.groupBy({
      by: ["modelId", "status"],
      // Test-mode generations are in no subscription's usage (docs/api.md#test-mode).
      where: { accountId, livemode: true, createdAt: { gte: start } },
      _count: { _all: true },
      _sum: { billedSeconds: true, costMicros: true },
    }),
  ]);
  return subs.map((s) => {
    const rows = usage.filter((u) => u.modelId === s.modelId);
    const of = (status: string) => rows.find((r) => r.status === status);
    const completed = of("completed");
    const processing = of("processing");
    const chargedMicros = completed?._sum.costMicros ?? 0n;
    const heldMicros = processing?._sum.costMicros ?? 0n;
    return {
      id: s.id,
      modelId: s.modelId,
      status: s.status,
      queue: QUEUE_LABELS[s.model.queue],
      priceMicrosPerSecond: s.model.priceMicrosPerSecond,
      rateLimitQps: s.model.rateLimitQps,
      minChargeSeconds: s.model.minChargeSeconds,
      modelEnabled: s.model.enabled,
      monthlySpendCapMicros: s.monthlySpendCapMicros,
      createdAt: s.createdAt,
      month: {
        start,
        generations: rows.reduce((n, r) => n + r._count._all, 0),
        completed: completed?._count._all ?? 0,
        billedSeconds: completed?._sum.billedSeconds ?? 0,
        chargedMicros,
        heldMicros,
        spendMicros: chargedMicros + heldMicros,
      },
    };
  });
}

/** Enabled catalog models the account has no subscription to yet (the "Subscribe" list). */
export async function unsubscribedModels(db: Db, accountId: string) {
  return db.catalogModel.findMany({
    where: { enabled: true, subscriptions: { none: { accountId } } },
    orderBy: { sortOrder: "asc" },
  });
}

/** Subscribes to an enabled catalog model; subscribing again is a no-op. */
export async function subscribeToModel(db: Db, accountId: string, modelId: string) {
  const model = await db.catalogModel.findUnique({ where: { id: modelId } });
  if (!model?.enabled) throw new SubscriptionError("resource_not_found", `Unknown model '${modelId}'.`);
  return db.subscription.upsert({
    where: { accountId_modelId: { accountId, modelId } },
    create: { id: newId("sub"), accountId, modelId },
    update: {},
  });
}

async function updateOwn(
  db: Db,
  accountId: string,
  modelId: string,
  data: { status?: "active" | "paused"; monthlySpendCapMicros?: bigint | null },
  audit?: { actor: MemberActor; action: "cap.changed" | "subscription.changed" },
) {
  return db.$transaction(async (tx) => {
    const where = { accountId_modelId: { accountId, modelId } };
    const old = await tx.subscription.findUnique({ where, select: { status: true, monthlySpendCapMicros: true } });
    const { count } = await tx.subscription.updateMany({ where: { accountId, modelId }, data });
    if (!old || count === 0) throw new SubscriptionError("resource_not_found", `No subscription to '${modelId}'.`);
    const sub = await tx.subscription.findUniqueOrThrow({ where });
    if (audit)
      await writeMemberAuditRow(tx, audit.actor, {
        accountId,
        action: audit.action,
        targetId: sub.id,
        details:
          audit.action === "cap.changed"
            ? { model: modelId, from: old.monthlySpendCapMicros, to: sub.monthlySpendCapMicros }
            : { model: modelId, from: old.status, to: sub.status },
      });
    return sub;
  });
}

/** Pauses (new requests get 403 subscription_paused) or resumes the account's subscription to a model. */
export function setSubscriptionStatus(
  db: Db,
  accountId: string,
  modelId: string,
  status: "active" | "paused",
  actor?: MemberActor,
) {
  return updateOwn(db, accountId, modelId, { status }, actor && { actor, action: "subscription.changed" });
}

/** Sets (positive micro-dollars) or clears (null) the monthly spend cap of a subscription. */
export function setSpendCap(db: Db, accountId: string, modelId: string, capMicros: bigint | null, actor?: MemberActor) {
  if (capMicros !== null && (capMicros <= 0n || capMicros > MAX_SPEND_CAP_MICROS)) {
    throw new SubscriptionError("invalid_parameter", "The cap must be more than $0 and at most $1,000,000.", "cap");
  }
  return updateOwn(db, accountId, modelId, { monthlySpendCapMicros: capMicros }, actor && { actor, action: "cap.changed" });
}
