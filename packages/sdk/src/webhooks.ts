// Verifies the server's callbacks: Standard Webhooks, exactly as packages/engine/src/delivery/signing.ts
// signs them (docs/api.md#callbacks). The key is the base64 part of the `whsec_` secret; the signed
// content is `{webhook-id}.{webhook-timestamp}.{raw body}`; `webhook-signature` holds one or more
// space-separated `v1,<base64 HMAC-SHA256>`.
import { createHmac, timingSafeEqual } from "node:crypto";
import { VgenError } from "./errors.js";
import type { webhooks as WebhookOperations } from "./openapi.generated.js";

type SignedBody<K extends keyof WebhookOperations> = NonNullable<
  WebhookOperations[K]["post"]["requestBody"]
>["content"]["application/json"];

/**
 * Every event the server POSTs, as a union discriminated by `type` (docs/api.md#webhook-events),
 * generated from the OpenAPI document's `webhooks`: `generation.*` carry the record in `data`
 * (the terminal three by default; processing and progress when subscribed), `account.*` the
 * balance alerts' figures, `webhook.test` the dashboard's test event. Switch on `type` to narrow `data`.
 */
export type WebhookEvent = { [K in keyof WebhookOperations]: SignedBody<K> }[keyof WebhookOperations];
export type WebhookEventType = WebhookEvent["type"];
/** The events that carry a generation record. */
export type GenerationWebhookEvent = Extract<WebhookEvent, { type: `generation.${string}` }>;

/** Headers as a Fetch `Headers` or Node's `req.headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far `webhook-timestamp` may be from now, either way. Default 300 s (Standard Webhooks' value). */
  toleranceSeconds?: number;
  /** The time to check against (tests). */
  now?: Date;
}

export class WebhookVerificationError extends VgenError {}

const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value.join(" ") : value;
}

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  const key = Buffer.from(encoded, "base64");
  if (key.length === 0) throw new WebhookVerificationError("the webhook secret is empty or not base64 (expected whsec_...)");
  return key;
}

/**
 * Checks a callback's signature and age, then returns its parsed body. Pass the raw body exactly
 * as received (string or bytes), not a re-serialized object. Throws WebhookVerificationError.
 */
export function verify(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): WebhookEvent {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature header");
  }
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError("webhook-timestamp is not a number of seconds");
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError(`webhook-timestamp is more than ${tolerance} s from now (a replay, or a skewed clock)`);
  }
  const bytes = typeof payload === "string" ? Buffer.from(payload, "utf8") : Buffer.from(payload);
  const expected = createHmac("sha256", secretKey(secret)).update(`${id}.${timestamp}.`).update(bytes).digest();
  const matches = signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",", 2);
    if (version !== "v1" || !signature) return false;
    const offered = Buffer.from(signature, "base64");
    return offered.length === expected.length && timingSafeEqual(offered, expected);
  });
  if (!matches) throw new WebhookVerificationError("no webhook-signature matches the payload and secret");
  return JSON.parse(bytes.toString("utf8")) as WebhookEvent;
}

export const webhooks = { verify };
