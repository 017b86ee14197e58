// Callbacks (docs/api.md#callbacks): a WebhookDelivery per generation event and destination (the request's
// webHook or an account endpoint, fan-out.ts), attempted by pg-boss jobs on WEBHOOK_QUEUE.
//
// One job = one automatic attempt, `{ deliveryId, attempt }` (1-based). The first job is sent in
// the transaction that finishes the generation; each failed attempt's bookkeeping sends the next
// job (startAfter = the schedule's delay) in the same transaction that records the attempt, so a
// receiver that is down for hours still gets it and no attempt is scheduled twice.
//
// Exactly-once after success: a job POSTs only while the delivery is `pending` and its attempt
// has not been recorded yet; recording runs under a row lock, and a recorded 2xx sets
// `delivered`. If a worker dies mid-request, pg-boss runs the same job again and the receiver may
// see the same `webhook-id` twice (at-least-once, dedupe by webhook-id) — never after a recorded
// success.
import { ApiError, GenerationRecord, WEBHOOK_TEST_EVENT } from "@vgen/contracts";
import { newId, type Db, type Prisma, type WebhookAttempt, type WebhookDelivery } from "@vgen/db";
import { newWebhookSecret } from "./signing-secret";
import { FetchFailedError, safeFetch } from "../net";
import {
  logger,
  sendInTransaction,
  WEBHOOK_QUEUE,
  decodeCursor,
  olderThan,
  pageOf,
  failSpan,
  httpClientAttributes,
  inSpan,
  recordHttpStatus,
  SpanKind,
  traceCarrier,
} from "../platform";
import { claimSlot, settleSlot } from "./lanes";
import { notifyListenSessions } from "./listen";
import { nextRetryDelayMs, webhookRetrySchedule } from "./schedule";
import { signWebhook, type WebhookHeaders } from "./signing";

/** How much of a receiver's response body is kept per attempt. */
export const WEBHOOK_RESPONSE_BODY_LIMIT = 1024;
const WEBHOOK_MAX_RESPONSE_BYTES = 256 * 1024;

export interface WebhookJob {
  deliveryId: string;
  /** 1-based number of the automatic attempt this job makes. */
  attempt: number;
  /** The W3C trace context of the span that queued it (platform/tracing.ts), when tracing is on. */
  traceparent?: string;
}

export class WebhookDeliveryNotFoundError extends ApiError {
  constructor(id: string) {
    super("resource_not_found", `No webhook delivery '${id}' for this account.`);
    this.name = "WebhookDeliveryNotFoundError";
  }
}

/**
 * The body of a delivery queued before deliveries kept their exact body (the `body` column):
 * `{"type":…,"data":<record>}` with the record's fields in API order (the payload column is
 * JSONB, which does not keep key order).
 */
export function webhookBody(payload: unknown): string {
  const p = payload as { type: string; data: unknown };
  const parsed = GenerationRecord.safeParse(p.data);
  return JSON.stringify({ type: p.type, data: parsed.success ? parsed.data : p.data });
}

/** The exact body a delivery sends, on every attempt and resend. */
export function deliveryBody(delivery: Pick<WebhookDelivery, "body" | "payload">): string {
  return delivery.body ?? webhookBody(delivery.payload);
}

export interface AttemptOutcome {
  ok: boolean;
  /** The headers sent; null when signing failed before anything was sent. */
  requestHeaders: (WebhookHeaders & { "user-agent": string; accept: string }) | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  /** No answer within the timeout (the lane then gets the short one, delivery/schedule.ts). */
  timedOut: boolean;
  /** Retrying cannot help (the receiver redirects): the delivery fails now instead of on schedule. */
  final?: boolean;
}

function clip(buf: Buffer): string {
  // Postgres text cannot hold NUL; a cut multi-byte character becomes U+FFFD.
  return buf.subarray(0, WEBHOOK_RESPONSE_BODY_LIMIT).toString("utf8").replaceAll("\u0000", "");
}

/**
 * One signed POST of the delivery's exact body, given up after `timeoutMs` (lanes.ts decides it);
 * `webhook-id` is the delivery's id on every attempt and resend, so receivers can dedupe. Never
 * throws: every outcome is something to record.
 */
export function postWebhook(
  delivery: Pick<WebhookDelivery, "id" | "url" | "payload" | "body">,
  secret: string,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  // One HTTP client span per attempt (docs/operations.md#tracing): the receiver's status, or the failure.
  const attributes = { ...httpClientAttributes("POST", delivery.url), "vgen.delivery_id": delivery.id };
  return inSpan("webhook POST", { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const outcome = await sendAttempt(delivery, secret, timeoutMs);
    recordHttpStatus(span, outcome.responseStatus, "client");
    // No answer at all (refused, timed out): failed too.
    if (!outcome.ok && outcome.responseStatus === null) failSpan(span, outcome.error ?? "failed");
    return outcome;
  });
}

async function sendAttempt(
  delivery: Pick<WebhookDelivery, "id" | "url" | "payload" | "body">,
  secret: string,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const body = deliveryBody(delivery);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let requestHeaders: AttemptOutcome["requestHeaders"] = null;
  try {
    requestHeaders = { ...signWebhook(secret, delivery.id, body), "user-agent": "vgen-webhooks/1", accept: "*/*" };
    const res = await safeFetch(delivery.url, {
      method: "POST",
      headers: { ...requestHeaders },
      body,
      timeoutMs,
      maxBytes: WEBHOOK_MAX_RESPONSE_BYTES,
    });
    const ok = res.status >= 200 && res.status < 300;
    // A POST is never followed to another address (safeFetch): the endpoint's URL must be fixed.
    const redirect = res.status >= 300 && res.status < 400;
    const location = res.headers.get("location");
    return {
      ok,
      requestHeaders,
      responseStatus: res.status,
      responseBody: clip(res.body),
      error: ok
        ? null
        : redirect
          ? `HTTP ${res.status}: redirects are not followed; set the endpoint's URL to the final address${location ? ` (${location.slice(0, 500)})` : ""}`
          : `HTTP ${res.status}`,
      durationMs: elapsed(),
      timedOut: false,
      final: redirect,
    };
  } catch (err) {
    const status = err instanceof FetchFailedError ? (err.status ?? null) : null;
    // A 2xx whose body was too large to read was still accepted by the receiver.
    const ok = status !== null && status >= 200 && status < 300;
    return {
      ok,
      requestHeaders,
      responseStatus: status,
      responseBody: null,
      error: (err as Error).message ?? String(err),
      durationMs: elapsed(),
      // Only the timeout fails after (about: timers may fire a little early) the whole allowance without an answer.
      timedOut: status === null && elapsed() >= timeoutMs * 0.95,
    };
  }
}

interface RecordOptions {
  manual: boolean;
  /** For automatic attempts: the job's attempt number. */
  attempt?: number;
}

/**
 * Records an attempt and moves the delivery on, under a row lock so the automatic job, a re-run
 * of it and a manual resend cannot interleave. Every HTTP attempt made is logged; only the
 * automatic attempt that is next in sequence schedules the following one.
 */
async function recordAttempt(db: Db, deliveryId: string, outcome: AttemptOutcome, opts: RecordOptions) {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM webhook_deliveries WHERE id = ${deliveryId} FOR UPDATE`;
    const d = await tx.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    const autoDone = opts.manual ? 0 : await tx.webhookAttempt.count({ where: { deliveryId, manual: false } });
    const inSequence = !opts.manual && d.status === "pending" && autoDone === (opts.attempt ?? 0) - 1;
    const now = new Date();
    const attempt = await tx.webhookAttempt.create({
      data: {
        id: newId("wha"),
        deliveryId,
        attemptNo: d.attemptCount + 1,
        responseStatus: outcome.responseStatus,
        responseBody: outcome.responseBody,
        error: outcome.error?.slice(0, 2000) ?? null,
        durationMs: outcome.durationMs,
        requestHeaders: outcome.requestHeaders ? { ...outcome.requestHeaders } : undefined,
        manual: opts.manual,
      },
    });
    const data: Prisma.WebhookDeliveryUpdateInput = { attemptCount: { increment: 1 } };
    if (outcome.ok) {
      if (d.status !== "delivered") Object.assign(data, { status: "delivered", deliveredAt: now, nextAttemptAt: null });
    } else if (inSequence) {
      const delay = outcome.final ? null : nextRetryDelayMs(webhookRetrySchedule(), opts.attempt!);
      if (delay === null) {
        Object.assign(data, { status: "failed", nextAttemptAt: null });
      } else {
        const at = new Date(now.getTime() + delay);
        data.nextAttemptAt = at;
        await sendInTransaction(
          tx,
          WEBHOOK_QUEUE,
          { deliveryId, attempt: opts.attempt! + 1, ...traceCarrier() } satisfies WebhookJob,
          {
            startAfter: at,
          },
        );
      }
    }
    const delivery = await tx.webhookDelivery.update({ where: { id: deliveryId }, data });
    await settleSlot(tx, d, outcome, now);
    return { delivery, attempt };
  });
}

/** What a delivery is signed with: its endpoint's own secret, or the account's for a request's webHook. */
const SIGNING_KEYS = {
  account: { select: { webhookSecret: true } },
  endpoint: { select: { secret: true, enabled: true } },
} as const;

function signingSecretOf(d: { account: { webhookSecret: string }; endpoint: { secret: string } | null }): string {
  return d.endpoint?.secret ?? d.account.webhookSecret;
}

/** `deferred`: its destination or account is at its limit; `paused`: its endpoint is paused. Both wait in the queue. */
export type WebhookJobResult = "delivered" | "retry_scheduled" | "failed" | "skipped" | "deferred" | "paused";

/** Runs one automatic attempt (a WEBHOOK_QUEUE job). Throws only on database errors (pg-boss retries). */
export async function processWebhookJob(db: Db, job: WebhookJob): Promise<WebhookJobResult> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: job.deliveryId }, include: SIGNING_KEYS });
  if (delivery?.status !== "pending") return "skipped";
  // This attempt was already recorded (the job is running again after a crash or lapse).
  const autoDone = await db.webhookAttempt.count({ where: { deliveryId: delivery.id, manual: false } });
  if (autoDone >= job.attempt) return "skipped";
  // An endpoint disabled since the event was queued gets no more events (tests still go).
  if (delivery.endpoint && !delivery.endpoint.enabled && delivery.eventType !== WEBHOOK_TEST_EVENT) {
    await db.webhookDelivery.updateMany({
      where: { id: delivery.id, status: "pending" },
      data: { status: "failed", nextAttemptAt: null },
    });
    return "failed";
  }
  const claim = await claimSlot(db, delivery, job);
  if (!claim.granted) return claim.reason === "paused" ? "paused" : "deferred";
  const outcome = await postWebhook(delivery, signingSecretOf(delivery), claim.timeoutMs);
  const { delivery: after } = await recordAttempt(db, delivery.id, outcome, { manual: false, attempt: job.attempt });
  logger.info(
    {
      deliveryId: delivery.id,
      generationId: delivery.generationId,
      attempt: job.attempt,
      status: outcome.responseStatus,
      ok: outcome.ok,
      result: after.status,
    },
    "webhook attempt",
  );
  if (outcome.ok) return "delivered";
  return after.status === "failed" ? "failed" : after.status === "pending" ? "retry_scheduled" : "skipped";
}

/** A resend while its destination or account is at its limit, or its endpoint is paused. */
export class WebhookDestinationBusyError extends ApiError {
  constructor(reason: "busy" | "paused") {
    super(
      "webhook_destination_busy",
      reason === "paused"
        ? "This endpoint is paused after repeated failures; resume it first."
        : "This destination or account already has as many webhook attempts in flight as allowed; try again in a few seconds.",
    );
    this.name = "WebhookDestinationBusyError";
  }
}

export type WebhookDeliveryWithAttempts = WebhookDelivery & { attempts: WebhookAttempt[] };

/**
 * Dashboard "Resend": one immediate attempt of the same event (same webhook-id, same body),
 * recorded with manual=true, whatever the delivery's state. A 2xx marks a pending or failed
 * delivery delivered (a scheduled automatic attempt then does nothing); a failure leaves the state
 * and schedule as they were. A listen session's delivery goes back to its stream (attempt null).
 */
export async function resendDelivery(db: Db, accountId: string, deliveryId: string) {
  const delivery = await db.webhookDelivery.findFirst({ where: { id: deliveryId, accountId }, include: SIGNING_KEYS });
  if (!delivery) throw new WebhookDeliveryNotFoundError(deliveryId);
  let attempt: WebhookAttempt | null = null;
  if (delivery.listenSessionId) {
    const sessionId = delivery.listenSessionId;
    await db.$transaction(async (tx) => {
      await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "pending" } });
      await notifyListenSessions(tx, [sessionId]);
    });
  } else {
    const claim = await claimSlot(db, delivery, null);
    if (!claim.granted) throw new WebhookDestinationBusyError(claim.reason);
    const outcome = await postWebhook(delivery, signingSecretOf(delivery), claim.timeoutMs);
    attempt = (await recordAttempt(db, delivery.id, outcome, { manual: true })).attempt;
  }
  const updated = await db.webhookDelivery.findUniqueOrThrow({
    where: { id: delivery.id },
    include: { attempts: { orderBy: { attemptNo: "asc" } } },
  });
  return { delivery: updated as WebhookDeliveryWithAttempts, attempt };
}

export interface DeliveryPage {
  data: WebhookDeliveryWithAttempts[];
  nextCursor: string | null;
}

/** An account's deliveries (or one endpoint's), newest first, with their attempts; keyset-paginated by (created_at, id). */
export async function listDeliveries(
  db: Db,
  accountId: string,
  opts: { limit?: number; cursor?: string | null; generationId?: string; endpointId?: string; livemode?: boolean } = {},
): Promise<DeliveryPage> {
  const limit = Math.max(1, Math.min(100, opts.limit ?? 20));
  const after = opts.cursor ? decodeCursor(opts.cursor, "whd") : null;
  const rows = await db.webhookDelivery.findMany({
    where: {
      accountId,
      // Test-mode generations' deliveries show only in the dashboard's test mode; an endpoint's test event is live.
      ...(opts.livemode === false
        ? { generation: { livemode: false } }
        : { OR: [{ generationId: null }, { generation: { livemode: true } }] }),
      ...(opts.generationId ? { generationId: opts.generationId } : {}),
      ...(opts.endpointId ? { endpointId: opts.endpointId } : {}),
      ...olderThan(after),
    },
    include: { attempts: { orderBy: { attemptNo: "asc" } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return pageOf(rows, limit);
}

/** The account's signing secret (the dashboard shows it only when asked to). */
export async function getWebhookSecret(db: Db, accountId: string): Promise<string> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { webhookSecret: true } });
  return account.webhookSecret;
}

/** Replaces the account's signing secret; attempts from now on are signed with the new one. */
export async function rotateWebhookSecret(db: Db, accountId: string): Promise<string> {
  const secret = newWebhookSecret();
  await db.account.update({ where: { id: accountId }, data: { webhookSecret: secret } });
  return secret;
}
