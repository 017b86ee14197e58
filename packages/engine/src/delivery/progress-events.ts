import type { GenerationRecordT } from "@vgen/contracts";
import type { Generation, Tx } from "@vgen/db";
import { destinationsFor, queueToDestinations } from "./fan-out";

/** A destination gets at most one `generation.progress` per this interval (docs/api.md#webhook-events). */
const PROGRESS_EVENT_INTERVAL_MS = 2_000;

/**
 * Queues a progress event to each subscribed destination whose last one is at least the interval
 * older than `now` and showed less progress. Runs in the transaction whose UPDATE raised the
 * progress: that holds the generation's row lock, so concurrent reports of one generation decide
 * one after the other and the interval holds strictly. Times are the events' own, never a timer.
 */
export async function queueProgressEvent(tx: Tx, gen: Generation, record: GenerationRecordT, now: Date = new Date()) {
  const destinations = await destinationsFor(tx, gen, "generation.progress");
  if (destinations.length === 0) return [];
  const last = await tx.$queryRaw<{ destination: string; lastAt: Date; lastPct: number }[]>`
    SELECT destination, max(created_at) AS "lastAt", max(sequence) AS "lastPct" FROM webhook_deliveries
    WHERE generation_id = ${gen.id} AND event_type = 'generation.progress' GROUP BY destination`;
  const byDestination = new Map(last.map((row) => [row.destination, row]));
  const due = destinations.filter((d) => {
    const previous = byDestination.get(d.key);
    if (!previous) return gen.progress > 0;
    return now.getTime() - previous.lastAt.getTime() >= PROGRESS_EVENT_INTERVAL_MS && gen.progress > previous.lastPct;
  });
  return queueToDestinations(tx, gen, "generation.progress", record, due, { now, sequence: gen.progress });
}
