import { formatPricePerSecond, formatTimestamp, formatUsd, type GenerationRecordT, type Size } from "@vgen/contracts";
import type { Generation } from "@vgen/db";
import { outputsOf, publicUrlFor } from "../storage";
import { outputExpired } from "./retention";
import type { QueueWait } from "./eta";
import type { RecordSource } from "./columns";

/**
 * The record a webhook event carries: a running generation's ETA is the one promised at
 * acceptance less the time since (no queue read on the event's path).
 */
export function eventRecord(gen: Generation, now: Date = new Date()): GenerationRecordT {
  const elapsed = Math.floor((now.getTime() - gen.createdAt.getTime()) / 1000);
  const etaSeconds = gen.status === "processing" ? Math.max(0, gen.etaSecondsAtAccept - elapsed) : 0;
  return toRecord(gen, { etaSeconds, queuePosition: null }, now);
}

/** The generation record exactly as the API shows it (docs/api.md#the-generation-record). */
export function toRecord(gen: RecordSource, wait: QueueWait, now: Date = new Date()): GenerationRecordT {
  const waiting = gen.status === "processing";
  const record: GenerationRecordT = {
    id: gen.id,
    model: gen.modelId,
    status: gen.status,
    price: formatPricePerSecond(gen.priceMicrosPerSecond),
    eta_seconds: waiting ? wait.etaSeconds : 0,
    queue_position: waiting && !gen.startedAt ? wait.queuePosition : null,
    output:
      gen.status === "completed"
        ? outputsOf(gen).map((o) => ({
            url: publicUrlFor(o.key),
            resolution: gen.size as Size,
            // The delivered file's, in whole seconds (null only for an output stored before it was recorded).
            duration: o.delivered_ms ? Math.max(1, Math.round(o.delivered_ms / 1000)) : gen.duration,
            poster_url: o.poster_key ? publicUrlFor(o.poster_key) : null,
            has_audio: o.has_audio,
            expires_at: gen.expiresAt ? formatTimestamp(gen.expiresAt) : null,
            expired: outputExpired(gen, now),
          }))
        : [],
    created_at: formatTimestamp(gen.createdAt),
    prompt: gen.prompt,
    duration: gen.duration,
    size: gen.size as Size,
    aspect_ratio: gen.aspectRatio as GenerationRecordT["aspect_ratio"],
    progress: gen.progress,
    seed: Number(gen.seed),
    negative_prompt: gen.negativePrompt,
    n: gen.n,
    generate_audio: gen.generateAudio,
    billed_seconds: gen.billedSeconds,
    cost: formatUsd(gen.costMicros),
    completed_at: gen.completedAt ? formatTimestamp(gen.completedAt) : null,
    quote_id: gen.quoteId,
    extended_from: gen.extendedFrom,
    extensions: gen.extensions,
    concat_of: gen.concatOf,
    livemode: gen.livemode,
  };
  if (gen.status === "failed") {
    record.error = { code: gen.errorCode ?? "render_failed", message: gen.errorMessage ?? "The generation failed." };
  } else if (gen.status === "canceled" && gen.errorCode) {
    // Canceled by the platform (its deadline), not by the caller: say why.
    record.error = { code: gen.errorCode, message: gen.errorMessage ?? "The generation was canceled." };
  }
  return record;
}
