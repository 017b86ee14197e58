/** Public surface of the engine's delivery domain. Webhook delivery: signed payloads, retries on a schedule, delivery history. */
export {
  WebhookDeliveryNotFoundError,
  listDeliveries,
  processWebhookJob,
  resendDelivery,
  rotateWebhookSecret,
} from "./deliveries";
export type { WebhookDeliveryWithAttempts } from "./deliveries";
