// Support console: staff search and review accounts and act on them. Every action that
// changes something writes its AuditLog row (actor, action, target, details) in the same
// transaction as the change, so a change without its audit row (or the reverse) cannot exist.
import { ApiError, formatUsd, MICROS_PER_DOLLAR } from "@vgen/contracts";
import { newId, Prisma, type Db } from "@vgen/db";
import { issueLink } from "../auth/link-tokens";
import { revokeAccountSessions } from "../auth/sessions";
import { applyLedgerEntry } from "../billing/ledger";
import { balanceSummary } from "../billing/ledger-entries";

/** A support-console action refused: a record that does not exist, a value or rule refused, or nothing left to change. */
export class SupportError extends ApiError {
  constructor(code: "resource_not_found" | "generation_not_found" | "invalid_parameter" | "action_not_allowed" | "state_conflict", message: string, param: string | null = null) {
    super(code, message, param);
    this.name = "SupportError";
  }
}

/** The largest single balance adjustment; anything larger is a top-up or an engineering task. */
export const MAX_ADJUSTMENT_MICROS = 10_000n * MICROS_PER_DOLLAR;

type Tx = Prisma.TransactionClient;

async function audit(tx: Tx, row: { actorId: string; action: string; targetAccountId?: string | null; targetId?: string | null; details?: Record<string, unknown> }) {
  return tx.auditLog.create({
    data: {
      id: newId("audit"),
      actorId: row.actorId,
      action: row.action,
      targetAccountId: row.targetAccountId ?? null,
      targetId: row.targetId ?? null,
      details: (row.details ?? {}) as Prisma.InputJsonValue,
    },
  });
}

function checkReason(reason: string): string {
  const text = reason.trim();
  if (text.length < 3) throw new SupportError("invalid_parameter", "Give a reason (at least 3 characters).");
  if (text.length > 500) throw new SupportError("invalid_parameter", "Keep the reason under 500 characters.");
  return text;
}

// ---------------------------------------------------------------------------------------------
// Search

export interface AccountHit {
  id: string;
  email: string;
  name: string | null;
  role: "user" | "support" | "admin";
  status: "active" | "suspended";
  balanceMicros: bigint;
  createdAt: Date;
  /** Why this account matched: "email", "account id", "key prefix", "generation id". */
  matchedBy: string[];
}

const HIT_SELECT = { id: true, email: true, name: true, role: true, status: true, balanceMicros: true, createdAt: true } as const;

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
    db.account.findMany({ where: { email: { contains: q, mode: "insensitive" } }, select: HIT_SELECT, orderBy: { createdAt: "desc" }, take: limit }),
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
  add(byGeneration.map((g) => g.account), "generation id");
  add(byKey.map((k) => k.account), "key prefix");
  add(byEmail, "email");
  return [...hits.values()].slice(0, limit);
}

// ---------------------------------------------------------------------------------------------
// Account review

export async function getAccountOverview(db: Db, accountId: string) {
  const account = await db.account.findUnique({ where: { id: accountId }, select: { ...HIT_SELECT, updatedAt: true, emailVerifiedAt: true } });
  if (!account) throw new SupportError("resource_not_found", `No account '${accountId}'.`);
  const [summary, generationCount, liveKeys] = await Promise.all([
    balanceSummary(db, accountId),
    db.generation.count({ where: { accountId } }),
    db.apiKey.count({ where: { accountId, revokedAt: null } }),
  ]);
  return { account, availableMicros: summary.availableMicros, heldMicros: summary.heldMicros, generationCount, liveKeys };
}

function page(n: number | undefined, size: number | undefined) {
  const take = Math.min(Math.max(size ?? 20, 1), 100);
  const p = Math.max(n ?? 1, 1);
  return { take, skip: (p - 1) * take, page: p };
}

export async function listAccountLedger(db: Db, accountId: string, opts: { page?: number; pageSize?: number } = {}) {
  const { take, skip, page: p } = page(opts.page, opts.pageSize);
  const [items, total] = await Promise.all([
    db.ledgerEntry.findMany({ where: { accountId }, orderBy: [{ createdAt: "desc" }, { type: "desc" }, { id: "desc" }], take, skip }),
    db.ledgerEntry.count({ where: { accountId } }),
  ]);
  return { items, total, page: p, pageSize: take };
}

export async function listAccountGenerations(db: Db, accountId: string, opts: { page?: number; pageSize?: number; status?: "processing" | "completed" | "failed" | "canceled" } = {}) {
  const { take, skip, page: p } = page(opts.page, opts.pageSize);
  const where = { accountId, ...(opts.status ? { status: opts.status } : {}) };
  const [rows, total] = await Promise.all([
    db.generation.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
      skip,
      select: { id: true, modelId: true, status: true, duration: true, size: true, billedSeconds: true, costMicros: true, errorCode: true, createdAt: true, completedAt: true, prompt: true },
    }),
    db.generation.count({ where }),
  ]);
  const ids = rows.map((r) => r.id);
  const money = ids.length
    ? await db.ledgerEntry.findMany({ where: { generationId: { in: ids }, type: { in: ["charge", "refund"] } }, select: { generationId: true, type: true, amountMicros: true } })
    : [];
  const items = rows.map((g) => {
    const charge = money.find((m) => m.generationId === g.id && m.type === "charge");
    const refund = money.find((m) => m.generationId === g.id && m.type === "refund");
    return { ...g, prompt: g.prompt.slice(0, 200), chargedMicros: charge ? -charge.amountMicros : null, refundedMicros: refund ? refund.amountMicros : null };
  });
  return { items, total, page: p, pageSize: take };
}

/** Keys, recent requests and webhook deliveries, test balance requests, invoices, subscriptions, audit trail. */
export async function getAccountActivity(db: Db, accountId: string) {
  const [keys, requests, deliveries, testBalanceRequests, invoices, subscriptions, auditTrail] = await Promise.all([
    db.apiKey.findMany({
      where: { accountId },
      orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
      select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    }),
    db.requestLog.findMany({
      where: { accountId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
      select: { id: true, requestId: true, method: true, path: true, status: true, errorCode: true, latencyMs: true, modelId: true, generationId: true, createdAt: true },
    }),
    db.webhookDelivery.findMany({
      where: { accountId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
      select: {
        id: true, generationId: true, url: true, eventType: true, status: true, attemptCount: true, deliveredAt: true, nextAttemptAt: true, createdAt: true,
        attempts: { orderBy: { attemptNo: "desc" }, take: 1, select: { responseStatus: true, error: true } },
      },
    }),
    db.testBalanceRequest.findMany({ where: { accountId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50 }),
    db.invoice.findMany({ where: { accountId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50 }),
    db.subscription.findMany({ where: { accountId }, orderBy: { createdAt: "asc" } }),
    db.auditLog.findMany({ where: { targetAccountId: accountId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50, include: { actor: { select: { email: true } } } }),
  ]);
  return {
    keys,
    requests,
    deliveries: deliveries.map(({ attempts, ...d }) => ({ ...d, lastResponseStatus: attempts[0]?.responseStatus ?? null, lastError: attempts[0]?.error ?? null })),
    testBalanceRequests,
    invoices,
    subscriptions,
    auditTrail: auditTrail.map(({ actor, ...a }) => ({ ...a, actorEmail: actor.email })),
  };
}

/** The queue of test balance requests waiting for support, oldest first. */
export function listPendingTestBalanceRequests(db: Db, limit = 50) {
  return db.testBalanceRequest.findMany({
    where: { status: "pending" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
    include: { account: { select: { email: true, balanceMicros: true } } },
  });
}

// ---------------------------------------------------------------------------------------------
// Money

/**
 * Refunds a completed generation's charge: a `refund` ledger entry (credit, generationId set) and
 * its audit row in one transaction. (generation_id, type) is unique, so of any number of concurrent
 * or repeated refunds exactly one succeeds; the amount defaults to, and never exceeds, the charge.
 */
export async function refundGeneration(db: Db, input: { generationId: string; actorId: string; reason: string; amountMicros?: bigint }) {
  const reason = checkReason(input.reason);
  try {
    return await db.$transaction(async (tx) => {
      // The row lock serializes concurrent refunds so the loser sees the winner's entry.
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM generations WHERE id = ${input.generationId} FOR UPDATE`;
      if (locked.length === 0) throw new SupportError("generation_not_found", `No generation '${input.generationId}'.`);
      const gen = await tx.generation.findUniqueOrThrow({ where: { id: input.generationId } });
      if (gen.status !== "completed") throw new SupportError("action_not_allowed", `Only completed generations can be refunded; ${gen.id} is ${gen.status}.`);
      const charge = await tx.ledgerEntry.findUnique({ where: { generationId_type: { generationId: gen.id, type: "charge" } } });
      if (!charge) throw new SupportError("action_not_allowed", `Generation ${gen.id} has no charge to refund.`);
      const existing = await tx.ledgerEntry.findUnique({ where: { generationId_type: { generationId: gen.id, type: "refund" } } });
      if (existing) throw new SupportError("state_conflict", `Generation ${gen.id} was already refunded (${formatUsd(existing.amountMicros)}).`);
      const charged = -charge.amountMicros;
      const amount = input.amountMicros ?? charged;
      if (amount <= 0n) throw new SupportError("invalid_parameter", "A refund must be positive.");
      if (amount > charged) throw new SupportError("invalid_parameter", `A refund cannot exceed the charge of ${formatUsd(charged)}.`);
      const entry = await applyLedgerEntry(tx, {
        accountId: gen.accountId,
        type: "refund",
        amountMicros: amount,
        generationId: gen.id,
        reference: gen.id,
        reason,
        actor: input.actorId,
      });
      const row = await audit(tx, {
        actorId: input.actorId,
        action: "generation.refund",
        targetAccountId: gen.accountId,
        targetId: gen.id,
        details: { amount: formatUsd(amount), charged: formatUsd(charged), reason, ledgerEntryId: entry.id },
      });
      return { ledgerEntry: entry, auditId: row.id };
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new SupportError("state_conflict", `Generation ${input.generationId} was already refunded.`);
    }
    throw err;
  }
}

/**
 * Adjusts a balance by a signed amount with a reason: an `adjustment` ledger entry and its audit
 * row in one transaction. A negative adjustment never takes the available balance below zero
 * (the same conditional update that guards holds), so it cannot eat into running generations' holds.
 */
export async function adjustBalance(db: Db, input: { accountId: string; amountMicros: bigint; actorId: string; reason: string }) {
  const reason = checkReason(input.reason);
  if (input.amountMicros === 0n) throw new SupportError("invalid_parameter", "An adjustment cannot be zero.");
  const abs = input.amountMicros < 0n ? -input.amountMicros : input.amountMicros;
  if (abs > MAX_ADJUSTMENT_MICROS) throw new SupportError("invalid_parameter", `Adjust by at most ${formatUsd(MAX_ADJUSTMENT_MICROS)} at a time.`);
  try {
    return await db.$transaction(async (tx) => {
      const account = await tx.account.findUnique({ where: { id: input.accountId }, select: { id: true } });
      if (!account) throw new SupportError("resource_not_found", `No account '${input.accountId}'.`);
      const auditId = newId("audit");
      const entry = await applyLedgerEntry(tx, {
        accountId: input.accountId,
        type: "adjustment",
        amountMicros: input.amountMicros,
        reference: auditId,
        reason,
        actor: input.actorId,
        requireFunds: input.amountMicros < 0n,
      });
      await tx.auditLog.create({
        data: {
          id: auditId,
          actorId: input.actorId,
          action: "balance.adjust",
          targetAccountId: input.accountId,
          targetId: entry.id,
          details: { amount: formatUsd(input.amountMicros), reason, balanceAfter: formatUsd(entry.balanceAfterMicros), ledgerEntryId: entry.id },
        },
      });
      return { ledgerEntry: entry, auditId };
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === "insufficient_balance") {
      throw new SupportError("action_not_allowed", "This adjustment would take the available balance below zero.");
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Access

/** Suspends or reactivates an account (the API answers a suspended account 403 account_suspended). */
export async function setAccountStatus(db: Db, input: { accountId: string; status: "active" | "suspended"; actorId: string; reason: string }) {
  const reason = checkReason(input.reason);
  if (input.accountId === input.actorId && input.status === "suspended") throw new SupportError("action_not_allowed", "You cannot suspend your own account.");
  return db.$transaction(async (tx) => {
    const account = await tx.account.findUnique({ where: { id: input.accountId }, select: { id: true, role: true, status: true } });
    if (!account) throw new SupportError("resource_not_found", `No account '${input.accountId}'.`);
    if (input.status === "suspended" && account.role !== "user") throw new SupportError("action_not_allowed", "Staff accounts are not suspended from the console.");
    const moved = await tx.account.updateMany({ where: { id: input.accountId, status: { not: input.status } }, data: { status: input.status } });
    if (moved.count === 0) throw new SupportError("state_conflict", `The account is already ${input.status}.`);
    // A suspended owner is signed out everywhere at once, not when their session cookies expire.
    if (input.status === "suspended") await revokeAccountSessions(tx, input.accountId);
    await audit(tx, {
      actorId: input.actorId,
      action: input.status === "suspended" ? "account.suspend" : "account.reactivate",
      targetAccountId: input.accountId,
      targetId: input.accountId,
      details: { reason, from: account.status, to: input.status },
    });
    return { id: input.accountId, status: input.status };
  });
}

/**
 * A fresh password reset or email verification link for an account, shown to staff once so they can
 * pass it to the owner (the platform sends no mail). Only for customer accounts: a support agent
 * must not be able to take over a staff account this way.
 */
export async function issueAccountLinkAsStaff(db: Db, input: { accountId: string; kind: "password_reset" | "email_verification"; actorId: string }) {
  return db.$transaction(async (tx) => {
    const account = await tx.account.findUnique({ where: { id: input.accountId }, select: { id: true, role: true, emailVerifiedAt: true } });
    if (!account) throw new SupportError("resource_not_found", `No account '${input.accountId}'.`);
    if (account.role !== "user") throw new SupportError("action_not_allowed", "Links are made from the console for customer accounts only.");
    if (input.kind === "email_verification" && account.emailVerifiedAt) throw new SupportError("state_conflict", "The email is already verified.");
    const link = await issueLink(tx, account.id, input.kind);
    await audit(tx, {
      actorId: input.actorId,
      action: input.kind === "password_reset" ? "account.reset_link" : "account.verification_link",
      targetAccountId: account.id,
      targetId: account.id,
    });
    return { link };
  });
}

/** Revokes one live key of any account, as staff. */
export async function revokeKeyAsStaff(db: Db, input: { keyId: string; actorId: string; reason: string }) {
  const reason = checkReason(input.reason);
  return db.$transaction(async (tx) => {
    const key = await tx.apiKey.findUnique({ where: { id: input.keyId }, select: { id: true, accountId: true, prefix: true, name: true } });
    if (!key) throw new SupportError("resource_not_found", `No API key '${input.keyId}'.`);
    const moved = await tx.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (moved.count === 0) throw new SupportError("state_conflict", `Key ${key.prefix}… is already revoked.`);
    await audit(tx, { actorId: input.actorId, action: "api_key.revoke", targetAccountId: key.accountId, targetId: key.id, details: { prefix: key.prefix, name: key.name, reason } });
    return { id: key.id };
  });
}

// ---------------------------------------------------------------------------------------------
// Catalog

export interface CatalogPatch {
  priceMicrosPerSecond?: bigint;
  rateLimitQps?: number;
  minChargeSeconds?: number;
  enabled?: boolean;
  purpose?: string;
  sizes?: string[];
  minDuration?: number;
  maxDuration?: number;
  defaultDuration?: number;
}

export function listCatalogForStaff(db: Db) {
  return db.catalogModel.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
}

const SIZE_RE = /^\d{3,4}p$/;

/** Edits a catalog model (admins); the audit row records each changed field's before and after. */
export async function updateCatalogModel(db: Db, input: { modelId: string; actorId: string; patch: CatalogPatch; reason?: string }) {
  const p = input.patch;
  if (p.priceMicrosPerSecond !== undefined && (p.priceMicrosPerSecond <= 0n || p.priceMicrosPerSecond > 1_000n * MICROS_PER_DOLLAR)) {
    throw new SupportError("invalid_parameter", "The price must be above $0 and at most $1000 per second.");
  }
  if (p.rateLimitQps !== undefined && (!Number.isInteger(p.rateLimitQps) || p.rateLimitQps < 1 || p.rateLimitQps > 10_000)) throw new SupportError("invalid_parameter", "QPS must be a whole number from 1 to 10000.");
  if (p.minChargeSeconds !== undefined && (!Number.isInteger(p.minChargeSeconds) || p.minChargeSeconds < 0 || p.minChargeSeconds > 600)) {
    throw new SupportError("invalid_parameter", "The minimum charge must be 0 to 600 seconds.");
  }
  if (p.purpose !== undefined && (p.purpose.trim().length < 3 || p.purpose.length > 300)) throw new SupportError("invalid_parameter", "The purpose must be 3 to 300 characters.");
  if (p.sizes !== undefined && (p.sizes.length === 0 || p.sizes.some((s) => !SIZE_RE.test(s)))) throw new SupportError("invalid_parameter", "Sizes must be a list such as 720p, 1080p.");
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM catalog_models WHERE id = ${input.modelId} FOR UPDATE`;
    const before = await tx.catalogModel.findUnique({ where: { id: input.modelId } });
    if (!before) throw new SupportError("resource_not_found", `No model '${input.modelId}'.`);
    const minD = p.minDuration ?? before.minDuration;
    const maxD = p.maxDuration ?? before.maxDuration;
    const defD = p.defaultDuration ?? before.defaultDuration;
    if (!(minD >= 1 && minD <= defD && defD <= maxD && maxD <= 600)) throw new SupportError("invalid_parameter", "Durations must satisfy 1 ≤ min ≤ default ≤ max ≤ 600.");
    const data: Prisma.CatalogModelUpdateInput = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const set = <K extends keyof CatalogPatch>(key: K, show: (v: NonNullable<CatalogPatch[K]>) => unknown = (v) => v) => {
      const next = p[key];
      if (next === undefined) return;
      const prev = (before as unknown as Record<string, unknown>)[key];
      const same = Array.isArray(next) ? JSON.stringify(next) === JSON.stringify(prev) : next === prev;
      if (same) return;
      (data as Record<string, unknown>)[key] = key === "purpose" ? (next as string).trim() : next;
      changes[key] = { from: show(prev as NonNullable<CatalogPatch[K]>), to: show(next as NonNullable<CatalogPatch[K]>) };
    };
    set("priceMicrosPerSecond", (v) => formatUsd(v));
    set("rateLimitQps");
    set("minChargeSeconds");
    set("enabled");
    set("purpose");
    set("sizes");
    set("minDuration");
    set("maxDuration");
    set("defaultDuration");
    if (Object.keys(changes).length === 0) throw new SupportError("action_not_allowed", "Nothing changed.");
    const model = await tx.catalogModel.update({ where: { id: before.id }, data });
    await audit(tx, { actorId: input.actorId, action: "catalog.update", targetId: before.id, details: { changes, ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}) } });
    return model;
  });
}

// ---------------------------------------------------------------------------------------------
// Audit log

export interface AuditFilter {
  accountId?: string;
  /** Actor account id or (partial) email. */
  actor?: string;
  action?: string;
}

export async function listAuditLog(db: Db, filter: AuditFilter = {}, opts: { page?: number; pageSize?: number } = {}) {
  const { take, skip, page: p } = page(opts.page, opts.pageSize ?? 50);
  const actor = filter.actor?.trim();
  const where: Prisma.AuditLogWhereInput = {
    ...(filter.accountId?.trim() ? { targetAccountId: filter.accountId.trim() } : {}),
    ...(filter.action?.trim() ? { action: { startsWith: filter.action.trim() } } : {}),
    ...(actor ? (actor.startsWith("acct_") ? { actorId: actor } : { actor: { email: { contains: actor, mode: "insensitive" } } }) : {}),
  };
  const [rows, total, actions] = await Promise.all([
    db.auditLog.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take, skip, include: { actor: { select: { email: true } } } }),
    db.auditLog.count({ where }),
    db.auditLog.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } }),
  ]);
  const targetIds = [...new Set(rows.map((r) => r.targetAccountId).filter((x): x is string => !!x))];
  const targets = targetIds.length ? await db.account.findMany({ where: { id: { in: targetIds } }, select: { id: true, email: true } }) : [];
  const items = rows.map(({ actor: a, ...r }) => ({ ...r, actorEmail: a.email, targetEmail: targets.find((t) => t.id === r.targetAccountId)?.email ?? null }));
  return { items, total, page: p, pageSize: take, actions: actions.map((a) => a.action) };
}
