export { Vgen, type VgenOptions } from "./client.js";
export type { DownloadOptions, DownloadResult } from "./download.js";
export {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  InsufficientBalanceError,
  InternalServerError,
  InvalidRequestError,
  NotFoundError,
  OutputExpiredError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  TimeoutError,
  VgenError,
  WaitTimeoutError,
} from "./errors.js";
export type { CreateOptions, WaitOptions } from "./resources/generations.js";
export type { ListenEvent, ListenMessage, ListenOptions, ListenSession, TriggerResult } from "./resources/webhook-listen.js";
export { type SseEvent, SseParser } from "./sse.js";
export { type GenerationEvent, GenerationStream } from "./stream.js";
export type {
  Balance,
  CreateGenerationParams,
  ErrorCode,
  ErrorType,
  Generation,
  GenerationList,
  GenerationOutput,
  GenerationStatus,
  ListGenerationsParams,
  Model,
  ModelList,
  Quote,
  RequestOptions,
  StreamOptions,
} from "./types.js";
export { isTerminal } from "./types.js";
export {
  type GenerationWebhookEvent,
  type VerifyOptions,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookHeaders,
  WebhookVerificationError,
  verify,
  webhooks,
} from "./webhooks.js";
export type { components, operations, paths } from "./openapi.generated.js";
