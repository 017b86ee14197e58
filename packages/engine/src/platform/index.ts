/** Public surface of the engine's platform domain. Process-wide plumbing: the logger, the job queue, rate limits, hot caches, database outage handling, shutdown. */
export {
  DATABASE_RETRY_AFTER_SECONDS,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  serviceUnavailableError,
  retryWhileDatabaseUnavailable,
} from "./db-unavailable";
export { CachedLookup } from "./hot-cache/cached-lookup";
export { KeyedSlots } from "./keyed-slots";
export { logger, logToStderr } from "./logger";
export {
  currentTraceId,
  failSpan,
  httpClientAttributes,
  inJobSpan,
  inServerSpan,
  inSpan,
  recordHttpStatus,
  SpanKind,
  startTracing,
  traceCarrier,
} from "./tracing";
export type { RunningTracing } from "./tracing";
export {
  GENERATION_QUEUE,
  getBoss,
  sendInTransaction,
  stopBoss,
  WEBHOOK_QUEUE,
  MAIL_QUEUE,
  SAMPLE_QUEUE,
  QUEUE_PRIORITY,
} from "./queue";
export type { GenerationJob } from "./queue";
export { consumeRateLimit, rateLimitHeaders, rateLimitedError } from "./rate-limit/limiter";
export type { RateLimitOutcome } from "./rate-limit/limiter";
export { noteRequestError, withOutageScope } from "./request-outage";
export { closeSharedConnections } from "./shutdown";
export { enabledModels, endpointsByAccount, routesByModel, subscriptionKey, subscriptionStates } from "./hot-cache/lookups";
export { notificationConnection, type ChannelListener } from "./notifications";
export { decodeCursor, olderThan, pageOf, cursorInstant } from "./keyset";
export { dayRange } from "./days";
export { deleteInBatches } from "./delete-in-batches";
