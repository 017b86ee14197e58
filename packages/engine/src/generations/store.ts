import { randomInt } from "node:crypto";
import { env } from "@vgen/config";
import {
  ApiError,
  costMicrosFor,
  quoteClip,
  type CreateGenerationInput,
  type GenerationFailureCode,
  type Id,
  MAX_SEED,
} from "@vgen/contracts";
import {
  getHotStatements,
  newId,
  type Account,
  type CatalogModel,
  type Db,
  type Generation,
  type HotStatements,
  type Prisma,
  type Tx,
} from "@vgen/db";
import { applyLedgerEntry, deliveredBilledSeconds } from "../billing";
import { outputsOf } from "../storage";
import { resolveAgainstModel } from "../catalog";
import { etaFor, etaForMany, etaForNewJob } from "./eta";
import { insertAccepted } from "./accept-statement";
import { GENERATION_COLUMNS, RECORD_COLUMN_LIST, type RecordSource } from "./columns";
import type { HeldIdempotencyClaim, StoredResponse } from "./idempotency";
import { notifyGenerationChanged } from "./events";
import {
  currentTraceId,
  KeyedSlots,
  routesByModel,
  subscriptionKey,
  subscriptionStates,
  decodeCursor,
  olderThan,
  pageOf,
} from "../platform";
import { type RouteRequest, acceptanceRefusal } from "../providers";
import { checkSpendThreshold } from "../alerts";
import { eventRecord, toRecord } from "./public-record";
import { admitUnderSubscription, admitUnderKeyCap, subscriptionPaused, subscriptionPausedNow } from "../accounts";
import { onGenerationTerminal } from "./terminal-hooks";
import { admitUnderProjectCap, defaultProject } from "../projects";
import { deadlineFor } from "./deadlines";
import { redeemableQuote } from "./quotes";
import { queueWebhookEvent, queueProgressEvent } from "../delivery";

/** What the create path needs of the account; the request's cached identity carries it. */
export type AcceptingAccount = Pick<Account, "id" | "status">;

/** Long enough for a burst to queue for a connection instead of failing (the pool is small). */
const CREATE_TRANSACTION = { maxWait: 10_000, timeout: 15_000 };
/**
 * Creates of one account sent to PostgreSQL at once by this process. Each locks the account's
 * balance row (its test-mode counter in test mode) until it commits, so more would only wait
 * there, each holding a pool connection other accounts need, and wake together at every commit.
 * A few keep the row busy: the next ones write their job and generation while one holds the lock
 * (docs/architecture.md#request-path-of-a-create; bench/README.md#request-path-work for 2 vs 4).
 */
const ACCEPTS_IN_FLIGHT_PER_ACCOUNT = 4;
const acceptances = new KeyedSlots(ACCEPTS_IN_FLIGHT_PER_ACCOUNT, () => env().DATABASE_CONNECT_TIMEOUT_MS);

type CreateGenerationSpec = {
  account: AcceptingAccount;
  apiKeyId: string | null;
  /** The key has a monthly spend cap: it is checked under the key's row lock before the hold. */
  keySpendCapped?: boolean;
  /** The generation's project (the key's); `spendCapped`: checked under its row lock. Absent: the default project. */
  project?: { id: string; spendCapped: boolean };
  body: CreateGenerationInput;
  model: CatalogModel;
  /** An Idempotency-Key claim completed in the same statement, with the response made from the new generation. */
  idempotency?: { claim: HeldIdempotencyClaim; response(generation: Generation, queuePosition: number | null): StoredResponse };
  /** The request's `Cancel-After` header, in seconds. */
  cancelAfterSeconds?: number | null;
  /** False for a test key's request: rendered locally for free, within the test-mode limits. Default: live. */
  livemode?: boolean;
};

/** Accepts a request: the hold, the record and its job commit together, or nothing happens. */
export async function createGeneration(db: Db, input: CreateGenerationSpec): Promise<Generation> {
  return (await acceptIntoQueue(db, input)).generation;
}

/** createGeneration, also telling the new generation's place in its model's queue (as of its ETA's reading). */
export async function acceptIntoQueue(
  db: Db,
  input: CreateGenerationSpec,
): Promise<{ generation: Generation; queuePosition: number | null }> {
  const { account, body } = input;
  const livemode = input.livemode ?? true;
  const project = input.project ?? (await defaultProjectOf(db, account.id));
  const { resolved, subscription, eta, ...price } = await assessRequest(db, { account, body, model: input.model, livemode });
  // A binding quote caps the price: the cheaper of its terms and today's (docs/api.md#binding-quotes).
  const quote = body.quoteId
    ? await redeemableQuote(db, { accountId: account.id, livemode, quoteId: body.quoteId, body, resolved })
    : null;
  const terms = quote && quote.costMicros < price.costMicros ? quote : price;
  const { billedSeconds, costMicros } = terms;
  const queue = resolved.model.queue;
  const createdAt = new Date();
  const deadlineAt = deadlineFor(createdAt, body.deadline, input.cancelAfterSeconds ?? null);
  const generation: Generation = {
    id: newId("vid"),
    accountId: account.id,
    apiKeyId: input.apiKeyId,
    projectId: project.id,
    modelId: resolved.model.id,
    status: "processing",
    prompt: body.prompt,
    duration: resolved.duration,
    size: resolved.size,
    aspectRatio: resolved.aspectRatio,
    width: resolved.width,
    height: resolved.height,
    firstFrameUrl: body.firstFrameUrl ?? null,
    lastFrameUrl: body.lastFrameUrl ?? null,
    urls: body.urls ?? [],
    webhookUrl: body.webHook ?? null,
    webhookEvents: body.webHookEvents ?? [],
    priceMicrosPerSecond: terms.priceMicrosPerSecond,
    billedSeconds,
    costMicros,
    queue,
    seed: BigInt(body.seed ?? randomInt(0, MAX_SEED + 1)),
    negativePrompt: body.negativePrompt || null,
    generateAudio: resolved.generateAudio,
    n: resolved.n,
    outputs: [],
    progress: 0,
    etaSecondsAtAccept: eta.etaSeconds,
    errorCode: null,
    errorMessage: null,
    routeId: null,
    submitIntentAt: null,
    upstreamTaskId: null,
    waitingSince: null,
    outcomeUnknownSince: null,
    reconcileBy: null,
    lateSuccessAt: null,
    upstreamCostMicros: null,
    deadlineAt,
    retentionDays: body.retention_days ?? null,
    expiresAt: null,
    outputDeletedAt: null,
    attempts: 0,
    livemode,
    // The staff console links the record to its trace (docs/operations.md#tracing).
    traceId: currentTraceId(),
    createdAt,
    startedAt: null,
    completedAt: null,
    quoteId: quote?.id ?? null,
    extendedFrom: body.extendFrom ?? null,
    extensions: [],
    concatOf: [],
  };
  const completion = input.idempotency && {
    claim: input.idempotency.claim,
    response: input.idempotency.response(generation, eta.queuePosition),
  };
  await acceptances.run(account.id, async () => {
    if (!livemode) {
      await db.$transaction(async (tx) => {
        await admitTestGeneration(tx, account.id, createdAt);
        await insertAccepted({ tx }, generation, completion);
      }, CREATE_TRANSACTION);
      return;
    }
    // Only an active, uncapped subscription skips the locked read. A cached pause is checked there too: it
    // may be stale (resumed a moment ago through another process), and a resumed model must not be refused.
    const subscriptionChecked = !(subscription?.status === "active" && subscription.capMicros === null);
    const keyChecked = input.keySpendCapped === true && input.apiKeyId !== null;
    const projectChecked = project.spendCapped;
    if (!subscriptionChecked && !keyChecked && !projectChecked) {
      await insertAccepted({ pool: getHotStatements() }, generation, completion);
    } else {
      // A capped (or first) subscription, a capped project and a capped key are checked under their row
      // locks (always in that order), in the same transaction as the hold: concurrent creates cannot overshoot.
      await db.$transaction(async (tx) => {
        if (subscriptionChecked) await admitUnderSubscription(tx, account.id, resolved.model.id, costMicros);
        if (projectChecked) await admitUnderProjectCap(tx, project.id, costMicros);
        if (keyChecked) await admitUnderKeyCap(tx, input.apiKeyId!, costMicros);
        await insertAccepted({ tx }, generation, completion);
      }, CREATE_TRANSACTION);
    }
  });
  return { generation, queuePosition: eta.queuePosition };
}

/**
 * What accepting this request would mean now, for the create and for a quote alike: the account
 * may create, some route can serve it, what it holds (nothing in test mode), the subscription is
 * not paused, and its ETA.
 */
export async function assessRequest(
  db: Db,
  input: { account: AcceptingAccount; body: CreateGenerationInput; model: CatalogModel; livemode: boolean },
) {
  const { account, body, livemode } = input;
  if (account.status === "suspended") throw new ApiError("account_suspended", "This account is suspended.");
  const resolved = resolveAgainstModel(input.model, body);
  // Test mode never reaches the model's routes: the local renderer serves it (worker/next-step.ts).
  if (livemode)
    await assertSomeRouteCanServe(db, resolved.model.id, {
      duration: resolved.duration,
      size: resolved.size,
      aspectRatio: resolved.aspectRatio,
      firstFrame: !!body.firstFrameUrl,
      lastFrame: !!body.lastFrameUrl,
      references: body.urls?.length ?? 0,
      audio: resolved.generateAudio,
      negativePrompt: !!body.negativePrompt,
      extension: body.extendFrom !== undefined,
      outputs: resolved.n,
    });
  // Test mode holds and charges nothing; n outputs hold n clips.
  const clip = quoteClip(resolved.model, resolved.duration, resolved.generateAudio);
  const { billedSeconds, costMicros } = livemode
    ? { billedSeconds: clip.billedSeconds * resolved.n, costMicros: clip.costMicros * BigInt(resolved.n) }
    : { billedSeconds: 0, costMicros: 0n };
  const subscription = livemode ? await subscriptionStates.get(db, subscriptionKey(account.id, resolved.model.id)) : null;
  // A cached pause may be stale (resumed a moment ago through another process): the row decides.
  if (subscription?.status === "paused" && (await subscriptionPausedNow(db, account.id, resolved.model.id)))
    throw subscriptionPaused(resolved.model.id);
  const queue = resolved.model.queue;
  const eta = await etaForNewJob(db, { modelId: resolved.model.id, size: resolved.size, duration: resolved.duration, queue });
  return { resolved, billedSeconds, costMicros, priceMicrosPerSecond: resolved.priceMicrosPerSecond, subscription, eta };
}

async function defaultProjectOf(db: Db, accountId: string) {
  const p = await defaultProject(db, accountId);
  return { id: p.id, spendCapped: p.restrictions?.spendCapped === true };
}

/**
 * Test mode is not free capacity: at most TEST_MODE_CONCURRENCY processing and TEST_MODE_DAILY_LIMIT
 * created per UTC day, per account. Counted under the account's row lock, so a burst cannot overshoot.
 */
async function admitTestGeneration(tx: Tx, accountId: string, now: Date) {
  const { TEST_MODE_CONCURRENCY, TEST_MODE_DAILY_LIMIT } = env();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
  const [row] = await tx.$queryRaw<{ processing: number; today: number }[]>`
    SELECT count(*) FILTER (WHERE status = 'processing')::int AS processing,
           count(*) FILTER (WHERE created_at >= ${dayStart})::int AS today
      FROM generations
     WHERE account_id = ${accountId} AND NOT livemode AND (status = 'processing' OR created_at >= ${dayStart})`;
  if ((row?.today ?? 0) >= TEST_MODE_DAILY_LIMIT) {
    const retryAfter = Math.ceil((dayStart.getTime() + 86_400_000 - now.getTime()) / 1000);
    throw new ApiError(
      "test_mode_daily_limit",
      `This account has created ${TEST_MODE_DAILY_LIMIT} test-mode generations today (UTC), the most test mode allows per day.`,
      null,
      { "retry-after": String(retryAfter) },
    );
  }
  if ((row?.processing ?? 0) >= TEST_MODE_CONCURRENCY) {
    throw new ApiError(
      "test_mode_concurrency_exceeded",
      `This account already has ${TEST_MODE_CONCURRENCY} test-mode generations processing, the most test mode allows at once.`,
    );
  }
}

/** Another account's generation is indistinguishable from a missing one. */
export function generationNotFound(id: string): ApiError {
  return new ApiError("generation_not_found", `No generation '${id}' for this account.`, "id");
}

/**
 * Reads one generation of one account; another account's id is indistinguishable from a missing one,
 * and so is one of the other mode when `livemode` is given (a test key never sees live generations),
 * and one of another project when `projectId` is given (a key sees only its project's).
 */
export async function getGenerationForAccount(
  db: Db,
  accountId: Id<"acct">,
  id: string,
  livemode?: boolean,
  projectId?: string,
): Promise<Generation> {
  const [generation] = await db.$queryRaw<
    Generation[]
  >`SELECT ${GENERATION_COLUMNS} FROM generations WHERE id = ${id} AND account_id = ${accountId}`;
  if (!generation || (livemode !== undefined && generation.livemode !== livemode)) throw generationNotFound(id);
  if (projectId !== undefined && generation.projectId !== projectId) throw generationNotFound(id);
  return generation;
}

/** Prepared once per connection: the poll's statement is parsed and planned once, not per request. */
const GENERATION_OF_KEY = {
  name: "generation_of_key",
  text: `SELECT ${RECORD_COLUMN_LIST} FROM generations WHERE id = $1 AND account_id = $2 AND livemode = $3 AND project_id = $4`,
};

/**
 * getGenerationForAccount for an API key's request (its account, mode and project, all in the
 * WHERE), on the hot-statements pool: the poll's only statement, without Prisma's per-query cost, and
 * only the columns its record needs.
 */
export async function readGenerationOfKey(
  statements: HotStatements,
  key: { accountId: Id<"acct">; livemode: boolean; projectId: string },
  id: string,
): Promise<RecordSource> {
  const [generation] = await statements.rows<RecordSource>(GENERATION_OF_KEY, [id, key.accountId, key.livemode, key.projectId]);
  if (!generation) throw generationNotFound(id);
  return generation;
}

export async function recordOf(db: Db, generation: RecordSource) {
  return toRecord(generation, await etaFor(db, generation));
}

/** Records of a list page: the queue is read once for all of them (no N+1). */
export async function recordsOf(db: Db, generations: Generation[]) {
  const etas = await etaForMany(db, generations);
  return generations.map((g, i) => toRecord(g, etas[i]!));
}

type Terminal = "completed" | "failed" | "canceled";

/**
 * Moves a processing generation to a terminal state exactly once: the conditional update wins
 * or loses atomically, and the ledger's unique (generation, type) stops a second charge.
 */
async function finish(
  db: Db,
  id: string,
  status: Terminal,
  data: { errorCode?: GenerationFailureCode; errorMessage?: string },
  accountId?: string,
): Promise<Generation | null> {
  const finished = await db.$transaction(async (tx) => {
    const now = new Date();
    const won = await tx.generation.updateMany({
      where: { id, status: "processing", ...(accountId ? { accountId } : {}) },
      data: {
        status,
        completedAt: now,
        ...(status === "completed" ? { progress: 100 } : {}),
        ...(status !== "completed" && data.errorCode ? { errorCode: data.errorCode, errorMessage: data.errorMessage } : {}),
      },
    });
    if (won.count === 0) return null;
    if (status === "completed") {
      // The output's retention starts now: the request's period, else the account's setting.
      await tx.$executeRaw`
        UPDATE generations g SET expires_at = g.completed_at + make_interval(days => COALESCE(g.retention_days, a.retention_days))
          FROM accounts a WHERE g.id = ${id} AND a.id = g.account_id`;
    }
    let gen = await tx.generation.findUniqueOrThrow({ where: { id } });
    if (!gen.livemode) {
      // Test mode held nothing and charges nothing: no ledger entry, no spend threshold.
      await onGenerationTerminal(tx, gen);
      await notifyGenerationChanged(tx, id);
      return gen;
    }
    // The whole hold is released, and what was delivered is charged (never more than was held): of
    // several outputs, those that arrived; the rest of the hold stays released.
    await applyLedgerEntry(tx, {
      accountId: gen.accountId,
      type: "hold_release",
      amountMicros: gen.costMicros,
      generationId: id,
      reference: id,
    });
    if (status === "completed") {
      const billed = await deliveredBilling(tx, gen);
      if (billed.billedSeconds !== gen.billedSeconds || billed.costMicros !== gen.costMicros) {
        gen = await tx.generation.update({ where: { id }, data: billed });
      }
      await applyLedgerEntry(tx, {
        accountId: gen.accountId,
        type: "charge",
        amountMicros: -gen.costMicros,
        generationId: id,
        reference: id,
      });
      await checkSpendThreshold(tx, gen.accountId, now);
    }
    await onGenerationTerminal(tx, gen);
    await notifyGenerationChanged(tx, id);
    return gen;
  });
  return finished;
}

/**
 * Billing by what was delivered (docs/providers.md#billing): each output's duration rounded to the
 * nearest second, at least the model's minimum charge, and never more than was held for one output
 * (a longer clip bills the requested duration); outputs that did not arrive bill nothing. An output
 * that came back silent although sound was asked for bills the model's plain price, never above the
 * price held (so a binding quote's ceiling still holds).
 */
async function deliveredBilling(
  tx: Tx,
  gen: Generation,
): Promise<{ billedSeconds: number; costMicros: bigint; priceMicrosPerSecond: bigint }> {
  const held = { billedSeconds: gen.billedSeconds, costMicros: gen.costMicros, priceMicrosPerSecond: gen.priceMicrosPerSecond };
  const outputs = outputsOf(gen);
  if (outputs.length === 0) return held;
  const model = await tx.catalogModel.findUnique({
    where: { id: gen.modelId },
    select: { minChargeSeconds: true, priceMicrosPerSecond: true },
  });
  const heldPerOutput = Math.floor(gen.billedSeconds / gen.n);
  const silentPrice =
    model !== null && model.priceMicrosPerSecond < gen.priceMicrosPerSecond
      ? model.priceMicrosPerSecond
      : gen.priceMicrosPerSecond;
  const priceOf = (o: { has_audio: boolean }) => (gen.generateAudio && !o.has_audio ? silentPrice : gen.priceMicrosPerSecond);
  let billedSeconds = 0;
  let costMicros = 0n;
  for (const o of outputs) {
    const seconds = deliveredBilledSeconds(o.delivered_ms, model?.minChargeSeconds ?? 1, heldPerOutput);
    billedSeconds += seconds;
    costMicros += costMicrosFor(seconds, priceOf(o));
  }
  // The record's price: the plain one only when every delivered clip came back silent.
  const priceMicrosPerSecond = outputs.every((o) => priceOf(o) === silentPrice) ? silentPrice : gen.priceMicrosPerSecond;
  return { billedSeconds, costMicros, priceMicrosPerSecond };
}

/** The request's field each route capability is about, as the API names it. */
const ROUTE_PARAMS: Record<keyof RouteRequest, string> = {
  duration: "duration",
  size: "size",
  aspectRatio: "aspectRatio",
  firstFrame: "firstFrameUrl",
  lastFrame: "lastFrameUrl",
  references: "urls",
  audio: "generateAudio",
  negativePrompt: "negativePrompt",
  extension: "extendFrom",
  outputs: "n",
};

/** Refuses, before any hold, a request none of the model's providers can produce. */
async function assertSomeRouteCanServe(db: Db, modelId: string, request: RouteRequest) {
  const refusal = acceptanceRefusal((await routesByModel.get(db, modelId)) ?? [], request);
  if (refusal === null) return;
  if (refusal === "unconfigured") {
    throw new ApiError(
      "service_unavailable",
      `No provider of model '${modelId}' is configured right now. Nothing was charged.`,
      null,
      { "retry-after": "60" },
    );
  }
  throw new ApiError(
    "unsupported_by_model",
    `The providers of model '${modelId}' cannot produce this request: the first ${refusal.reason}.`,
    ROUTE_PARAMS[refusal.param],
  );
}

/** Completes a generation with the outputs recorded for it (generations/outputs.ts), billed per delivered output. */
export function completeGeneration(db: Db, id: string) {
  return finish(db, id, "completed", {});
}

export function failGeneration(db: Db, id: string, errorCode: GenerationFailureCode, errorMessage: string) {
  return finish(db, id, "failed", { errorCode, errorMessage });
}

/** Cancels a generation that has not finished (of the caller's mode); its hold is released and nothing is charged. */
export async function cancelGeneration(
  db: Db,
  accountId: Id<"acct">,
  id: string,
  livemode?: boolean,
  projectId?: string,
): Promise<Generation> {
  const existing = await getGenerationForAccount(db, accountId, id, livemode, projectId);
  if (existing.status !== "processing") {
    throw new ApiError("generation_not_cancelable", `Generation '${id}' is already ${existing.status}.`, "id");
  }
  const canceled = await finish(db, id, "canceled", {}, accountId);
  if (!canceled) {
    const now = await getGenerationForAccount(db, accountId, id);
    throw new ApiError("generation_not_cancelable", `Generation '${id}' is already ${now.status}.`, "id");
  }
  return canceled;
}

/** Cancels a generation whose deadline passed (the sweeper's call); null when it had already ended. */
export function cancelPastDeadline(db: Db, id: string): Promise<Generation | null> {
  return finish(db, id, "canceled", {
    errorCode: "deadline_exceeded",
    errorMessage: "Not finished by the request's deadline: canceled and the hold released. Nothing was charged.",
  });
}

/**
 * Progress while running; returns false when the generation is no longer processing (canceled).
 * Progress only rises: a retried render or a late, lower report from a provider never takes back
 * what a client was already shown. Subscribed webhooks get a rate-limited `generation.progress`
 * in the same transaction (`now` is the report's time).
 */
export async function reportProgress(db: Db, id: string, progress: number, now: Date = new Date()): Promise<boolean> {
  const pct = Math.max(0, Math.min(99, Math.floor(progress)));
  const updated = await db.$transaction(async (tx) => {
    const [gen] = await tx.$queryRaw<Generation[]>`
      UPDATE generations SET progress = GREATEST(progress, ${pct}) WHERE id = ${id} AND status = 'processing'
      RETURNING ${GENERATION_COLUMNS}`;
    if (!gen) return false;
    await notifyGenerationChanged(tx, id);
    await queueProgressEvent(tx, gen, eventRecord(gen, now), now);
    return true;
  });
  return updated;
}

/**
 * Records that a worker took the generation up (an attempt begins). The first time, its
 * `generation.processing` webhooks are queued in the same transaction.
 */
export async function markStarted(db: Db, gen: Generation, data: Prisma.GenerationUpdateInput = {}): Promise<void> {
  await db.$transaction(async (tx) => {
    const startedAt = gen.startedAt ?? new Date();
    // Locked and read here, not trusted from `gen`: a job run again after a crash must not queue twice.
    const [row] = await tx.$queryRaw<{ firstStart: boolean }[]>`
      SELECT started_at IS NULL AS "firstStart" FROM generations WHERE id = ${gen.id} AND status = 'processing' FOR UPDATE`;
    if (!row) return;
    await tx.generation.update({ where: { id: gen.id }, data: { ...data, startedAt } });
    if (!row.firstStart) return;
    const started = { ...gen, startedAt };
    await queueWebhookEvent(tx, started, "generation.processing", eventRecord(started));
  });
}

export interface ListPage {
  data: Generation[];
  nextCursor: string | null;
}

/** Newest first, keyset-paginated by (created_at, id) so pages never skip or repeat; one mode only. */
export async function listGenerations(
  db: Db,
  accountId: string,
  limit: number,
  cursor: string | null,
  livemode = true,
  /** A key's project: only its generations are listed. */
  projectId?: string,
): Promise<ListPage> {
  const after = cursor ? decodeCursor(cursor, "vid") : null;
  const rows = await db.generation.findMany({
    where: { accountId, livemode, ...(projectId ? { projectId } : {}), ...olderThan(after) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return pageOf(rows, limit);
}
