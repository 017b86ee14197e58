// Which destinations get a generation event, and their delivery rows (docs/api.md#webhook-events).
// Runs inside the transaction that makes the change the event reports, so a committed change always
// has its deliveries and a rolled-back one has none.
import { TERMINAL_WEBHOOK_EVENTS, type GenerationRecordT, type WebhookEvent } from "@vgen/contracts";
import { newId, type Generation, type Tx } from "@vgen/db";
import { endpointsByAccount, sendInTransaction, traceCarrier, WEBHOOK_QUEUE } from "../platform";
import type { WebhookJob } from "./deliveries";
import { listenSessionsFor, notifyListenSessions } from "./listen";

/** `request` is the generation's own `webHook`; an endpoint or a listen session is named by its id. */
export interface Destination {
  key: string;
  endpointId: string | null;
  /** A `vgen listen` session: its stream takes the delivery, no job POSTs it. */
  listenSessionId: string | null;
  url: string;
}

/** What a listen session's delivery shows as its URL in the delivery log. */
const LISTEN_URL = "vgen-listen";

/** The account's listen sessions subscribed to `event`, as destinations. */
export async function listenDestinations(
  tx: Tx,
  accountId: string,
  event: string,
  livemode: boolean,
  projectId?: string,
): Promise<Destination[]> {
  const sessions = await listenSessionsFor(tx, accountId, event, livemode, projectId);
  return sessions.map((id) => ({ key: id, endpointId: null, listenSessionId: id, url: LISTEN_URL }));
}

/** The fields of a generation that decide where its events go. */
type Routed = Pick<Generation, "accountId" | "webhookUrl" | "webhookEvents" | "livemode"> &
  Partial<Pick<Generation, "projectId">>;

/**
 * A request's `webHook` takes every event it subscribed to (by default the terminal ones) and
 * overrides the account's endpoints; without one, every enabled endpoint subscribed to the event
 * gets it, if it serves every project or the generation's. The endpoints come from the hot cache: no query while the account's list is cached.
 * Listen sessions of the generation's mode get every event they subscribed to, like `stripe listen`.
 */
export async function destinationsFor(tx: Tx, gen: Routed, event: WebhookEvent): Promise<Destination[]> {
  const listeners = await listenDestinations(tx, gen.accountId, event, gen.livemode, gen.projectId);
  if (gen.webhookUrl) {
    const events: readonly string[] = gen.webhookEvents.length > 0 ? gen.webhookEvents : TERMINAL_WEBHOOK_EVENTS;
    const own = { key: "request", endpointId: null, listenSessionId: null, url: gen.webhookUrl };
    return events.includes(event) ? [own, ...listeners] : listeners;
  }
  const endpoints = (await endpointsByAccount.get(tx, gen.accountId)) ?? [];
  const subscribed = endpoints.filter(
    (e) => e.events.includes(event) && (e.projectId === null || gen.projectId === undefined || e.projectId === gen.projectId),
  );
  return [...subscribed.map((e) => ({ key: e.id, endpointId: e.id, listenSessionId: null, url: e.url })), ...listeners];
}

interface QueueOptions {
  /** When the event happened: the delivery's created_at (the progress rate limit reads it). */
  now?: Date;
  /** 0, or the percent of a progress event. */
  sequence?: number;
}

/**
 * Inserts one pending delivery per destination and its first job; `record` is the generation as
 * the event shows it (generations/ builds it). A delivery that already exists for (generation,
 * destination, event, sequence) is left alone, so a step run twice queues once. Returns the ids
 * of the deliveries created.
 */
export async function queueToDestinations(
  tx: Tx,
  gen: Generation,
  event: WebhookEvent,
  record: GenerationRecordT,
  destinations: Destination[],
  opts: QueueOptions = {},
): Promise<string[]> {
  if (destinations.length === 0) return [];
  const now = opts.now ?? new Date();
  // The exact body every attempt sends (the JSONB payload does not keep the record's key order).
  const body = JSON.stringify({ type: event, data: record });
  const created: string[] = [];
  for (const d of destinations) {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO webhook_deliveries (id, account_id, generation_id, endpoint_id, listen_session_id, destination, url,
        event_type, sequence, payload, body, next_attempt_at, created_at)
      VALUES (${newId("whd")}, ${gen.accountId}, ${gen.id}, ${d.endpointId}, ${d.listenSessionId}, ${d.key}, ${d.url},
        ${event}, ${opts.sequence ?? 0}, ${body}::jsonb, ${body}, ${now}, ${now})
      ON CONFLICT (generation_id, destination, event_type, sequence) DO NOTHING
      RETURNING id`;
    for (const { id } of rows) {
      await startDelivery(tx, id, d);
      created.push(id);
    }
  }
  return created;
}

/** A new delivery's first attempt: a job for a URL, a wake-up (at commit) for a listen session's stream. */
export async function startDelivery(tx: Tx, deliveryId: string, d: Destination): Promise<void> {
  if (d.listenSessionId) await notifyListenSessions(tx, [d.listenSessionId]);
  // The attempt continues the trace of whatever queued the event (the generation's step, a request).
  else await sendInTransaction(tx, WEBHOOK_QUEUE, { deliveryId, attempt: 1, ...traceCarrier() } satisfies WebhookJob);
}

/** Queues `event` of `gen`, shown as `record`, to every destination subscribed to it. */
export async function queueWebhookEvent(
  tx: Tx,
  gen: Generation,
  event: WebhookEvent,
  record: GenerationRecordT,
  opts: QueueOptions = {},
): Promise<string[]> {
  return queueToDestinations(tx, gen, event, record, await destinationsFor(tx, gen, event), opts);
}
