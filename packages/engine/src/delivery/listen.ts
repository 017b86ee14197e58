// `vgen listen` sessions (docs/api.md#listen): an API key's long-lived stream of its account's events.
// A session is a delivery destination like an endpoint: the same transaction that queues an event
// for the endpoints inserts a delivery for every live session and NOTIFYs it (sent at commit); the
// session's open stream then takes its pending deliveries, signs them with the session's secret and
// records the attempt. The server never connects to the developer's machine.
import { EventEmitter } from "node:events";
import { newId, type Db, type Prisma, type Tx } from "@vgen/db";
import { newWebhookSecret } from "./signing-secret";
import { notificationConnection, type ChannelListener } from "../platform";
import { deliveryBody } from "./deliveries";
import { signWebhook, type WebhookHeaders } from "./signing";

const LISTEN_CHANNEL = "webhook_listen";
/** A session seen this recently gets new events (its stream refreshes it far more often). */
const LISTEN_GRACE_MS = 60_000;
/** How many pending deliveries one take sends; the rest follow in the next take. */
const TAKE_BATCH = 100;

export interface ListenSession {
  id: string;
  secret: string;
  events: string[];
  livemode: boolean;
}

/**
 * The key's session `resume` again (same id and secret: a reconnecting CLI keeps the secret the
 * developer's receiver was configured with, and gets what was queued meanwhile), or a new one when
 * there is none to resume (another key's, or an unknown id).
 */
export async function openListenSession(
  db: Db,
  input: { accountId: string; apiKeyId: string; livemode: boolean; events: string[]; resume?: string | null },
): Promise<ListenSession> {
  const select = { id: true, secret: true, events: true, livemode: true } as const;
  if (input.resume) {
    const { count } = await db.webhookListenSession.updateMany({
      where: { id: input.resume, accountId: input.accountId, apiKeyId: input.apiKeyId },
      data: { lastSeenAt: new Date(), events: input.events },
    });
    if (count > 0) return db.webhookListenSession.findUniqueOrThrow({ where: { id: input.resume }, select });
  }
  return db.webhookListenSession.create({
    data: {
      id: newId("whl"),
      accountId: input.accountId,
      apiKeyId: input.apiKeyId,
      secret: newWebhookSecret(),
      events: input.events,
      livemode: input.livemode,
    },
    select,
  });
}

/** The open stream is still there: keeps the session receiving events. */
export async function touchListenSession(db: Db, sessionId: string): Promise<void> {
  await db.webhookListenSession.update({ where: { id: sessionId }, data: { lastSeenAt: new Date() } });
}

/** The account's live sessions of `livemode` subscribed to `event`. */
export async function listenSessionsFor(
  tx: Tx,
  accountId: string,
  event: string,
  livemode: boolean,
  /** A generation's project: only sessions opened by that project's keys hear it (docs/api.md#projects). */
  projectId?: string,
): Promise<string[]> {
  const seenSince = new Date(Date.now() - LISTEN_GRACE_MS);
  const rows =
    projectId === undefined
      ? await tx.webhookListenSession.findMany({
          where: { accountId, livemode, lastSeenAt: { gt: seenSince } },
          select: { id: true, events: true },
        })
      : await tx.$queryRaw<{ id: string; events: string[] }[]>`
          SELECT s.id, s.events FROM webhook_listen_sessions s JOIN api_keys k ON k.id = s.api_key_id
          WHERE s.account_id = ${accountId} AND s.livemode = ${livemode} AND s.last_seen_at > ${seenSince}
            AND k.project_id = ${projectId}`;
  return rows.filter((s) => s.events.length === 0 || s.events.includes(event)).map((s) => s.id);
}

/** Wakes the sessions' streams when the transaction commits. */
export async function notifyListenSessions(tx: Tx, sessionIds: Iterable<string>): Promise<void> {
  for (const id of new Set(sessionIds)) await tx.$executeRaw`SELECT pg_notify(${LISTEN_CHANNEL}, ${id})`;
}

/** One event as the stream sends it: what an endpoint would receive, byte for byte. */
export interface ListenEvent {
  id: string;
  type: string;
  body: string;
  headers: WebhookHeaders;
}

/**
 * Takes the session's pending deliveries, oldest first: signs each, records it as sent (with the
 * headers) and returns them for the stream to write. Rows are locked while taken, so two streams
 * of one session never take the same delivery.
 */
export async function takeListenEvents(db: Db, session: ListenSession): Promise<ListenEvent[]> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; eventType: string; body: string | null; payload: Prisma.JsonValue }[]>`
      SELECT id, event_type AS "eventType", body, payload FROM webhook_deliveries
      WHERE listen_session_id = ${session.id} AND status = 'pending'
      ORDER BY created_at, id LIMIT ${TAKE_BATCH} FOR UPDATE SKIP LOCKED`;
    const now = new Date();
    const events: ListenEvent[] = [];
    for (const row of rows) {
      const body = deliveryBody(row);
      const headers = signWebhook(session.secret, row.id, body, now);
      await tx.webhookAttempt.create({
        data: {
          id: newId("wha"),
          deliveryId: row.id,
          attemptNo: (await tx.webhookAttempt.count({ where: { deliveryId: row.id } })) + 1,
          responseStatus: null,
          responseBody: null,
          error: null,
          durationMs: 0,
          requestHeaders: { ...headers },
        },
      });
      await tx.webhookDelivery.update({
        where: { id: row.id },
        data: { status: "delivered", deliveredAt: now, nextAttemptAt: null, attemptCount: { increment: 1 } },
      });
      events.push({ id: row.id, type: row.eventType, body, headers });
    }
    return events;
  });
}

/** Session wake-ups fanned out in memory from the process's LISTEN connection (platform/notifications.ts). */
class ListenHub {
  private emitter = new EventEmitter().setMaxListeners(0);
  private readonly channelListener: ChannelListener = {
    notified: (sessionId) => {
      if (sessionId) this.emitter.emit(sessionId);
    },
    // Wake-ups sent while the connection was down were missed: every session looks again.
    listening: () => {
      for (const name of this.emitter.eventNames()) this.emitter.emit(name);
    },
  };

  /** Calls `wake` on every notification for the session; resolves once notifications flow. */
  async subscribe(sessionId: string, wake: () => void): Promise<() => void> {
    this.emitter.on(sessionId, wake);
    const off = () => {
      this.emitter.off(sessionId, wake);
      if (this.emitter.eventNames().length === 0) notificationConnection().unlisten(LISTEN_CHANNEL, this.channelListener);
    };
    try {
      await notificationConnection().listen(LISTEN_CHANNEL, this.channelListener);
    } catch (err) {
      off();
      throw err;
    }
    return off;
  }
}

const globalHub = globalThis as unknown as { __vgenListenHub?: ListenHub };

/** The process's hub, shared by the engine copies Next.js bundles into route handlers. */
export function listenHub(): ListenHub {
  globalHub.__vgenListenHub ??= new ListenHub();
  return globalHub.__vgenListenHub;
}
