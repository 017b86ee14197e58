import { Webhook } from "standardwebhooks";

export interface WebhookHeaders {
  "content-type": "application/json";
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/**
 * Standard Webhooks headers for one attempt: `v1,` + base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}` keyed with the account's `whsec_` secret.
 */
export function signWebhook(secret: string, id: string, body: string, at: Date = new Date()): WebhookHeaders {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(seconds),
    "webhook-signature": new Webhook(secret).sign(id, new Date(seconds * 1000), body),
  };
}
