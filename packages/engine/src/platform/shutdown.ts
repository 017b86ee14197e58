import { closeHotStatements } from "@vgen/db";
import { notificationConnection } from "./notifications";
import { closeRateLimitStore } from "./rate-limit/limiter";
import { stopBoss } from "./queue";

/**
 * Closes every process-wide connection before the database goes away. The shared instances live on
 * globalThis, so this also reaches the copies that Next.js bundled into route handlers.
 */
export async function closeSharedConnections(): Promise<void> {
  const g = globalThis as unknown as { __vgenDb?: { $disconnect(): Promise<void> } };
  await stopBoss();
  await Promise.allSettled([
    notificationConnection().close(),
    closeRateLimitStore(),
    g.__vgenDb?.$disconnect(),
    closeHotStatements(),
  ]);
  g.__vgenDb = undefined;
}
