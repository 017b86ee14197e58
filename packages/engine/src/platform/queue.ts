import { PgBoss, type SendOptions } from "pg-boss";
import { connectionBounds, type Tx } from "@vgen/db";
import { requireDatabaseUrl } from "@vgen/config";
import { env } from "@vgen/config";
import { isDatabaseUnavailable } from "./db-unavailable";
import { logger } from "./logger";

export const GENERATION_QUEUE = "generations";
/** Callback deliveries (docs/api.md#callbacks); one job per attempt, see delivery/deliveries.ts. */
export const WEBHOOK_QUEUE = "webhook-deliveries";
/** The mail outbox (docs/operations.md#mail); one job per attempt, see mail/send.ts. */
export const MAIL_QUEUE = "outbound-emails";
/** The landing page's sample clips (samples/): one job renders one model's clip; at most one queued or active per model. */
export const SAMPLE_QUEUE = "model-samples";
/** pg-boss serves higher priority first: Pro Priority before Fast/Standard. */
export const QUEUE_PRIORITY = { pro_priority: 10, standard: 0 } as const;

export interface GenerationJob {
  generationId: string;
  /** The W3C trace context of the span that queued the step (tracing.ts traceCarrier), when tracing is on. */
  traceparent?: string;
}

function monitorSeconds(): number {
  return Math.min(60, Math.max(5, Math.floor(env().JOB_HEARTBEAT_SECONDS / 2)));
}

const globalBoss = globalThis as unknown as { __vgenBoss?: Promise<PgBoss> };

/** The process's pg-boss instance on the same PostgreSQL as everything else. */
export function getBoss(): Promise<PgBoss> {
  globalBoss.__vgenBoss ??= (async () => {
    const boss = new PgBoss({
      connectionString: requireDatabaseUrl(),
      // The same bounds as every connection of ours: a frozen database fails a poll, not wedges it.
      ...connectionBounds(),
      schema: "pgboss",
      max: 4,
      // Workers wake on the transactional NOTIFY of a new job instead of waiting for a poll.
      useListenNotify: true,
      // The monitor pass fails jobs whose heartbeat stopped (and retries them); run it often enough
      // that a crashed worker's job is taken up again within about one lease.
      superviseIntervalSeconds: monitorSeconds(),
      monitorIntervalSeconds: monitorSeconds(),
    });
    boss.on("error", (err) => {
      // Its pollers keep retrying on their own: an outage is one line per failed poll, not a stack.
      if (isDatabaseUnavailable(err)) logger.warn({ err: err.message }, "queue: database unavailable");
      else logger.error({ err }, "queue error");
    });
    await boss.start();
    await ensureQueues(boss);
    return boss;
  })();
  return globalBoss.__vgenBoss;
}

async function ensureQueues(boss: PgBoss) {
  const options = {
    // A worker that dies stops its heartbeat; the job is then taken up again.
    heartbeatSeconds: env().JOB_HEARTBEAT_SECONDS,
    expireInSeconds: 60 * 60,
    retryLimit: 5,
    retryDelay: 1,
    notify: true,
  };
  await upsertQueue(boss, GENERATION_QUEUE, options);
  // One webhook job is one HTTP attempt (15 s timeout) plus its bookkeeping. pg-boss retries
  // only cover a crashed or erroring worker; the delivery's own backoff is a new job each time.
  await upsertQueue(boss, WEBHOOK_QUEUE, {
    heartbeatSeconds: env().JOB_HEARTBEAT_SECONDS,
    expireInSeconds: 5 * 60,
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 10 * 60,
    notify: true,
  });
  // One mail job is one SMTP attempt (at most ~1 minute of timeouts); like webhooks, the
  // backoff between attempts is a new job, and pg-boss retries only cover a crashed worker.
  await upsertQueue(boss, MAIL_QUEUE, {
    heartbeatSeconds: env().JOB_HEARTBEAT_SECONDS,
    expireInSeconds: 5 * 60,
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 10 * 60,
    notify: true,
  });
  // A sample render is a few seconds; a failed one is retried a few times, then the next sweep tries again.
  await upsertQueue(boss, SAMPLE_QUEUE, {
    policy: "exclusive",
    heartbeatSeconds: env().JOB_HEARTBEAT_SECONDS,
    expireInSeconds: 10 * 60,
    retryLimit: 3,
    retryDelay: 30,
    notify: true,
  });
}

async function upsertQueue(boss: PgBoss, name: string, options: Parameters<PgBoss["createQueue"]>[1]) {
  if (await boss.getQueue(name)) {
    // A queue's policy is fixed when it is created; pg-boss refuses to be told it again.
    const { policy: _fixed, ...rest } = options ?? {};
    await boss.updateQueue(name, rest);
  } else await boss.createQueue(name, options);
}

/**
 * Sends a job inside the caller's Prisma transaction: pg-boss writes through the same
 * connection, so the job exists exactly when the caller's rows commit.
 */
export async function sendInTransaction(
  tx: Tx,
  queueName: string,
  data: object,
  options: Omit<SendOptions, "db"> = {},
): Promise<string | null> {
  const boss = await getBoss();
  return boss.send(queueName, data, {
    ...options,
    db: {
      executeSql: async (text: string, values?: unknown[]) => ({
        rows: await tx.$queryRawUnsafe<unknown[]>(text, ...(values ?? [])),
      }),
    },
  });
}

export async function stopBoss(): Promise<void> {
  const pending = globalBoss.__vgenBoss;
  if (!pending) return;
  globalBoss.__vgenBoss = undefined;
  const boss = await pending.catch(() => null);
  await boss?.stop({ graceful: true, timeout: 20_000 });
}
