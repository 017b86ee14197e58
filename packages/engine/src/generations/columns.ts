import { type Generation, Prisma } from "@vgen/db";

/**
 * Every column of `generations`, named as the Prisma model names them: hot statements select with raw
 * SQL (a fraction of the client's per-query cost) and still return a `Generation`
 * (GENERATION_COLUMNS for `$queryRaw`); the poll's hot read takes RECORD_COLUMN_LIST's share.
 */
const GENERATION_COLUMN_LIST = `id, account_id AS "accountId", api_key_id AS "apiKeyId", project_id AS "projectId", model_id AS "modelId", status::text AS status,
  prompt, duration, size, aspect_ratio AS "aspectRatio", width, height, first_frame_url AS "firstFrameUrl",
  last_frame_url AS "lastFrameUrl", urls, webhook_url AS "webhookUrl", webhook_events AS "webhookEvents", price_micros_per_second AS "priceMicrosPerSecond",
  billed_seconds AS "billedSeconds", cost_micros AS "costMicros", queue::text AS queue, seed,
  negative_prompt AS "negativePrompt", generate_audio AS "generateAudio", n, outputs, progress,
  eta_seconds_at_accept AS "etaSecondsAtAccept", error_code AS "errorCode", error_message AS "errorMessage",
  route_id AS "routeId", submit_intent_at AS "submitIntentAt",
  upstream_task_id AS "upstreamTaskId", waiting_since AS "waitingSince", outcome_unknown_since AS "outcomeUnknownSince",
  reconcile_by AS "reconcileBy", late_success_at AS "lateSuccessAt",
  upstream_cost_micros AS "upstreamCostMicros", deadline_at AS "deadlineAt", retention_days AS "retentionDays", expires_at AS "expiresAt",
  output_deleted_at AS "outputDeletedAt", attempts, livemode, trace_id AS "traceId", created_at AS "createdAt",
  started_at AS "startedAt", completed_at AS "completedAt", quote_id AS "quoteId",
  extended_from AS "extendedFrom", extensions, concat_of AS "concatOf"`;

export const GENERATION_COLUMNS = Prisma.raw(GENERATION_COLUMN_LIST);

/** The fields a public record is made of (toRecord, with its ETA): a poll reads only these. */
const RECORD_FIELDS = [
  "id",
  "modelId",
  "status",
  "priceMicrosPerSecond",
  "outputs",
  "size",
  "duration",
  "expiresAt",
  "outputDeletedAt",
  "createdAt",
  "startedAt",
  "completedAt",
  "prompt",
  "aspectRatio",
  "progress",
  "seed",
  "negativePrompt",
  "n",
  "generateAudio",
  "billedSeconds",
  "costMicros",
  "quoteId",
  "extendedFrom",
  "extensions",
  "concatOf",
  "livemode",
  "errorCode",
  "errorMessage",
  "queue",
] as const satisfies readonly (keyof Generation)[];

export type RecordSource = Pick<Generation, (typeof RECORD_FIELDS)[number]>;

/** The name a select item of GENERATION_COLUMN_LIST gives its column: its alias, else the column. */
function fieldOf(item: string): string {
  const alias = /\bAS\s+"?(\w+)"?$/i.exec(item)?.[1];
  return alias ?? item;
}

/**
 * RECORD_FIELDS' items of GENERATION_COLUMN_LIST, so both lists stay one: half the columns, which
 * halves what the driver builds and parses per poll (bench/README.md#request-path-work).
 */
export const RECORD_COLUMN_LIST = GENERATION_COLUMN_LIST.split(",")
  .map((item) => item.trim())
  .filter((item) => (RECORD_FIELDS as readonly string[]).includes(fieldOf(item)))
  .join(", ");
