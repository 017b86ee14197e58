import type { Generation, Prisma } from "@vgen/db";
import { queueWebhookDelivery } from "../delivery/deliveries";

/**
 * Work that must commit together with a generation's terminal state (webhook deliveries are
 * queued here, so a terminal record is never left without its callback).
 */
export async function onGenerationTerminal(tx: Prisma.TransactionClient, gen: Generation): Promise<void> {
  await queueWebhookDelivery(tx, gen);
}
