import type { Generation, Tx } from "@vgen/db";
import { queueWebhookEvent } from "../delivery";
import { eventRecord } from "./public-record";
import { GENERATION_QUEUE, QUEUE_PRIORITY, sendInTransaction } from "../platform";

const TERMINAL_EVENT = {
  completed: "generation.completed",
  failed: "generation.failed",
  canceled: "generation.canceled",
} as const;

/**
 * Work that must commit together with a generation's terminal state: its webhook deliveries are
 * queued (a terminal record is never left without its callbacks), and the route slot it frees goes
 * to the generation of the same model that has waited longest, woken now rather than at its next
 * look (docs/providers.md#routes).
 */
export async function onGenerationTerminal(tx: Tx, gen: Generation): Promise<void> {
  await queueWebhookEvent(tx, gen, TERMINAL_EVENT[gen.status as keyof typeof TERMINAL_EVENT], eventRecord(gen));
  if (gen.routeId) await wakeLongestWaiting(tx, gen.modelId);
}

async function wakeLongestWaiting(tx: Tx, modelId: string) {
  const next = await tx.generation.findFirst({
    where: { modelId, status: "processing", routeId: null, waitingSince: { not: null } },
    orderBy: { waitingSince: "asc" },
    select: { id: true, queue: true },
  });
  if (next) await sendInTransaction(tx, GENERATION_QUEUE, { generationId: next.id }, { priority: QUEUE_PRIORITY[next.queue] });
}
