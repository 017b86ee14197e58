/** Public surface of the engine's generations domain. Generations from acceptance to a terminal state: accept, store, stream feed, idempotency, ETA, the worker. */
export { acceptGeneration } from "./accept";
export { quoteGeneration } from "./quote";
export { concatChain } from "./concat";
export { generationEvents, notifyGenerationChanged } from "./events";
export { GenerationFeed, generationFeed, liveRecordForAccount } from "./feed";
export type { FeedRecord } from "./feed";
export { streamIsOver } from "./event-id";
export { waitForOutcome } from "./wait";
export {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
  validateIdempotencyKey,
} from "./idempotency";
export type { HeldIdempotencyClaim, StoredResponse } from "./idempotency";
export {
  cancelGeneration,
  completeGeneration,
  createGeneration,
  failGeneration,
  getGenerationForAccount,
  listGenerations,
  recordOf,
  recordsOf,
  reportProgress,
  markStarted,
  readGenerationOfKey,
} from "./store";
export { getGenerationDetail } from "./detail";
export type { GenerationDetail, RouteAttemptOutcome } from "./detail";
export { historyView, listGenerationHistory, PLAYGROUND_SOURCE } from "./history";
export type { GenerationListRow, GenerationQuery } from "./history";
export { startWorker } from "./worker/loop";
export { reapStuckGenerations } from "./worker/sweeps/reaper";
export { outputRetention, sweepExpiredOutputs } from "./retention";
export type { OutputRetention } from "./retention";
export type { RunningWorker } from "./worker/loop";
export { receiveUpstreamCallback } from "./upstream-callbacks";
export { toRecord } from "./public-record";
