/** Public surface of the engine's platform domain. Process-wide plumbing: the job queue, rate limits, hot caches, database outage handling, shutdown. */
export {
  DATABASE_RETRY_AFTER_SECONDS,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  serviceUnavailableError,
} from "./db-unavailable";
export type { KeyIdentity } from "./hot-cache/lookups";
export { GENERATION_QUEUE, getBoss, sendInTransaction, stopBoss } from "./queue";
export type { GenerationJob } from "./queue";
export { consumeRateLimit, rateLimitHeaders, rateLimitedError } from "./rate-limit/limiter";
export type { RateLimitOutcome } from "./rate-limit/limiter";
export { noteRequestError, withOutageScope } from "./request-outage";
export { closeSharedConnections } from "./shutdown";
