// Account search and review for the staff console: find accounts, then read one account's
// overview, activity, ledger and generations; and the queue of test balance requests. Reads only.
import type { Db } from "@vgen/db";
import { listApiKeys } from "../accounts";
import { twoFactorStatus } from "../auth";
import { balanceSummary } from "../billing";
import { pageWindow } from "./page-window";
import { SupportError } from "./staff-action";

export interface AccountHit {
  id: string;
  /** Null for an organization (it is known by its name). */
  email: string | null;
  name: string | null;
  role: "user" | "support" | "admin";
  status: "active" | "suspended";
  balanceMicros: bigint;
  createdAt: Date;
  /** When its owner deleted it (the console marks it and refuses staff actions on it); null: not deleted. */
  deletedAt: Date | null;
  /** Why this account matched: "email", "account id", "key prefix", "generation id". */
  matchedBy: string[];
}

const HIT_SELECT = {
  id: true,
  email: true,
  name: true,
  role: true,
  status: true,
  balanceMicros: true,
  createdAt: true,
  deletedAt: true,
} as const;

/**
 * Finds accounts by email (partial, case-insensitive), account id, API key prefix (the shown
 * `vgk_…` start, or a full key) or generation id. Returns at most `limit` accounts.
 */
export async function searchAccounts(db: Db, query: string, limit = 25): Promise<AccountHit[]> {
  const q = query.trim();
  if (q.length < 2 || q.length > 200) return [];
  const hits = new Map<string, AccountHit>();
  const add = (rows: Omit<AccountHit, "matchedBy">[], why: string) => {
    for (const r of rows) {
      const hit = hits.get(r.id) ?? { ...r, matchedBy: [] };
      if (!hit.matchedBy.includes(why)) hit.matchedBy.push(why);
      hits.set(r.id, hit);
    }
  };
  const [byId, byEmail, byKey, byGeneration] = await Promise.all([
    db.account.findMany({ where: { id: q }, select: HIT_SELECT }),
    db.account.findMany({
      where: { email: { contains: q, mode: "insensitive" } },
      select: HIT_SELECT,
      orderBy: { createdAt: "desc" },
      take: limit,
    }),
    q.startsWith("vgk_") && q.length >= 6
      ? db.apiKey.findMany({
          where: { OR: [{ prefix: { startsWith: q } }, { prefix: q.slice(0, 12) }] },
          select: { account: { select: HIT_SELECT } },
          take: limit,
        })
      : Promise.resolve([]),
    db.generation.findMany({ where: { id: q }, select: { account: { select: HIT_SELECT } } }),
  ]);
  add(byId, "account id");
  add(
    byGeneration.map((g) => g.account),
    "generation id",
  );
  add(
    byKey.map((k) => k.account),
    "key prefix",
  );
  add(byEmail, "email");
  return [...hits.values()].slice(0, limit);
}

export async function getAccountOverview(db: Db, accountId: string) {
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: { ...HIT_SELECT, updatedAt: true, emailVerifiedAt: true, locale: true },
  });
  if (!account) throw new SupportError("resource_not_found", `No account '${accountId}'.`);
  const [summary, generationCount, liveKeys, twoFactor] = await Promise.all([
    balanceSummary(db, accountId),
    // Console figures are live: test-mode generations (docs/api.md#test-mode) count nowhere.
    db.generation.count({ where: { accountId, livemode: true } }),
    db.apiKey.count({ where: { accountId, revokedAt: null } }),
    twoFactorStatus(db, accountId),
  ]);
  return {
    account,
    availableMicros: summary.availableMicros,
    heldMicros: summary.heldMicros,
    generationCount,
    liveKeys,
    twoFactor: { enabled: twoFactor.enabled, enabledAt: twoFactor.enabledAt, recoveryCodesLeft: twoFactor.recoveryCodesLeft },
  };
}

export async function listAccountLedger(db: Db, accountId: string, opts: { page?: number; pageSize?: number } = {}) {
  const { take, skip, page } = pageWindow(opts.page, opts.pageSize);
  const [items, total] = await Promise.all([
    db.ledgerEntry.findMany({
      where: { accountId },
      orderBy: [{ createdAt: "desc" }, { type: "desc" }, { id: "desc" }],
      take,
      skip,
    }),
    db.ledgerEntry.count({ where: { accountId } }),
  ]);
  return { items, total, page, pageSize: take };
}

export async function listAccountGenerations(
  db: Db,
  accountId: string,
  opts: { page?: number; pageSize?: number; status?: "processing" | "completed" | "failed" | "canceled" } = {},
) {
  const { take, skip, page } = pageWindow(opts.page, opts.pageSize);
  const where = { accountId, livemode: true, ...(opts.status ? { status: opts.status } : {}) };
  const [rows, total] = await Promise.all([
    db.generation.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
      skip,
      select: {
        id: true,
        modelId: true,
        status: true,
        duration: true,
        size: true,
        billedSeconds: true,
        costMicros: true,
        errorCode: true,
        createdAt: true,
        completedAt: true,
        prompt: true,
      },
    }),
    db.generation.count({ where }),
  ]);
  const ids = rows.map((r) => r.id);
  const money = ids.length
    ? await db.ledgerEntry.findMany({
        where: { generationId: { in: ids }, type: { in: ["charge", "refund"] } },
        select: { generationId: true, type: true, amountMicros: true },
      })
    : [];
  const items = rows.map((g) => {
    const charge = money.find((m) => m.generationId === g.id && m.type === "charge");
    const refund = money.find((m) => m.generationId === g.id && m.type === "refund");
    return {
      ...g,
      prompt: g.prompt.slice(0, 200),
      chargedMicros: charge ? -charge.amountMicros : null,
      refundedMicros: refund ? refund.amountMicros : null,
    };
  });
  return { items, total, page, pageSize: take };
}

/**
 * Keys, webhook endpoints (never their secrets) with their last delivery, recent requests and
 * webhook deliveries, test balance requests, invoices, subscriptions, audit trail.
 */
export async function getAccountActivity(db: Db, accountId: string) {
  const [keys, endpoints, requests, deliveries, testBalanceRequests, invoices, subscriptions, auditTrail] = await Promise.all([
    listApiKeys(db, accountId),
    db.webhookEndpoint.findMany({
      where: { accountId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: {
        id: true,
        url: true,
        description: true,
        events: true,
        enabled: true,
        createdAt: true,
        deliveries: {
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: 1,
          select: {
            status: true,
            createdAt: true,
            attempts: { orderBy: { attemptNo: "desc" }, take: 1, select: { responseStatus: true, error: true } },
          },
        },
      },
    }),
    db.requestLog.findMany({
      where: { accountId, livemode: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
      select: {
        id: true,
        requestId: true,
        method: true,
        path: true,
        status: true,
        errorCode: true,
        latencyMs: true,
        modelId: true,
        generationId: true,
        createdAt: true,
      },
    }),
    db.webhookDelivery.findMany({
      where: { accountId, OR: [{ generationId: null }, { generation: { livemode: true } }] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
      select: {
        id: true,
        generationId: true,
        url: true,
        eventType: true,
        status: true,
        attemptCount: true,
        deliveredAt: true,
        nextAttemptAt: true,
        createdAt: true,
        attempts: { orderBy: { attemptNo: "desc" }, take: 1, select: { responseStatus: true, error: true } },
      },
    }),
    db.testBalanceRequest.findMany({ where: { accountId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50 }),
    db.invoice.findMany({ where: { accountId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50 }),
    db.subscription.findMany({ where: { accountId }, orderBy: { createdAt: "asc" } }),
    db.auditLog.findMany({
      where: { targetAccountId: accountId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
      include: { actor: { select: { email: true } } },
    }),
  ]);
  return {
    keys,
    endpoints: endpoints.map(({ deliveries: [last], ...e }) => ({
      ...e,
      lastDelivery: last
        ? {
            status: last.status,
            at: last.createdAt,
            responseStatus: last.attempts[0]?.responseStatus ?? null,
            error: last.attempts[0]?.error ?? null,
          }
        : null,
    })),
    requests,
    deliveries: deliveries.map(({ attempts, ...d }) => ({
      ...d,
      lastResponseStatus: attempts[0]?.responseStatus ?? null,
      lastError: attempts[0]?.error ?? null,
    })),
    testBalanceRequests,
    invoices,
    subscriptions,
    auditTrail: auditTrail.map(({ actor, ...a }) => ({ ...a, actorEmail: actor?.email ?? a.actorEmail })),
  };
}

/** The queue of test balance requests waiting for support, oldest first. */
export function listPendingTestBalanceRequests(db: Db, limit = 50) {
  return db.testBalanceRequest.findMany({
    where: { status: "pending" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
    include: { account: { select: { email: true, name: true, balanceMicros: true, locale: true } } },
  });
}
