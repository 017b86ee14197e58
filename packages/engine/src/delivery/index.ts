/** Public surface of the engine's delivery domain. Webhook delivery: account endpoints, event fan-out, signed payloads, retries on a schedule, delivery history. */
export { resumeEndpoint } from "./circuit";
export { newWebhookSecret } from "./signing-secret";
export {
  WebhookDeliveryNotFoundError,
  WebhookDestinationBusyError,
  deliveryBody,
  getWebhookSecret,
  listDeliveries,
  processWebhookJob,
  resendDelivery,
  rotateWebhookSecret,
} from "./deliveries";
export type { WebhookDeliveryWithAttempts } from "./deliveries";
export {
  MAX_ENDPOINTS_PER_ACCOUNT,
  WebhookEndpointNotFoundError,
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rollEndpointSecret,
  updateEndpoint,
} from "./endpoints";
export type { EndpointView } from "./endpoints";
export { sendTestEvent } from "./test-event";
export { listenHub, openListenSession, takeListenEvents, touchListenSession } from "./listen";
export type { ListenEvent, ListenSession } from "./listen";
export { pruneDeliveryLog } from "./prune";
export { TRIGGERS_PER_MINUTE, triggerSampleEvent } from "./trigger";
export { startWebhookWorker } from "./worker";
export { queueWebhookEvent } from "./fan-out";
export { queueProgressEvent } from "./progress-events";
export { queueAccountEvent } from "./account-events";
