import { PgBoss } from "pg-boss";
import type { Prisma } from "@vgen/db";
import { config } from "./config";

export const GENERATION_QUEUE = "generations";
/** pg-boss serves higher priority first: Pro Priority before Fast/Standard. */
export const QUEUE_PRIORITY = { pro_priority: 10, standard: 0 } as const;

export interface GenerationJob {
  generationId: string;
}

const globalBoss = globalThis as unknown as { __vgenBoss?: Promise<PgBoss> };

/** The process's pg-boss instance on the same PostgreSQL as everything else. */
export function getBoss(): Promise<PgBoss> {
  globalBoss.__vgenBoss ??= (async () => {
    const boss = new PgBoss({ connectionString: process.env.DATABASE_URL, schema: "pgboss", max: 4 });
    boss.on("error", (err) => console.error("[queue]", err));
    await boss.start();
    await ensureQueues(boss);
    return boss;
  })();
  return globalBoss.__vgenBoss;
}

async function ensureQueues(boss: PgBoss) {
  const options = {
    // A worker that dies stops its heartbeat; the job is then taken up again.
    heartbeatSeconds: config().jobHeartbeatSeconds,
    expireInSeconds: 60 * 60,
    retryLimit: 5,
    retryDelay: 1,
  };
  if (await boss.getQueue(GENERATION_QUEUE)) await boss.updateQueue(GENERATION_QUEUE, options);
  else await boss.createQueue(GENERATION_QUEUE, options);
}

/** Sends the job inside the caller's transaction, so a generation is never accepted without its job. */
export async function enqueueGeneration(tx: Prisma.TransactionClient, generationId: string, queue: keyof typeof QUEUE_PRIORITY) {
  const boss = await getBoss();
  await boss.send(GENERATION_QUEUE, { generationId } satisfies GenerationJob, {
    priority: QUEUE_PRIORITY[queue],
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
