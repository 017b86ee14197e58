import { FINAL_EVENT_ID, type GenerationRecordT } from "@vgen/contracts";

/**
 * The id of the stream event that shows a generation in this state (docs/api.md#stream-format):
 * its progress while processing (progress only rises), FINAL_EVENT_ID once it has ended. The same
 * state has the same id on every connection, so a client's `Last-Event-ID` means the same anywhere.
 */
export function eventIdOf(record: Pick<GenerationRecordT, "status" | "progress">): number {
  return record.status === "processing" ? Math.min(record.progress, FINAL_EVENT_ID - 1) : FINAL_EVENT_ID;
}

/** The client already has the final event (`after` is its Last-Event-ID): nothing is left to stream. */
export function streamIsOver(record: { eventId: number; terminal: boolean }, after: number | null): boolean {
  return record.terminal && after !== null && after >= record.eventId;
}
