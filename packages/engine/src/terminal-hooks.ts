import type { Generation, Prisma } from "@vgen/db";

/**
 * Work that must commit together with a generation's terminal state (webhook deliveries are
 * queued here, so a terminal record is never left without its callback).
 */
export async function onGenerationTerminal(_tx: Prisma.TransactionClient, _gen: Generation): Promise<void> {}
