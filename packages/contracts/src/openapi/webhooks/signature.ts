/** What every webhook event shares: the Standard Webhooks signature headers and the expected answer. */
import { z } from "zod";

export const SIGNATURE_HEADERS = z.object({
  "webhook-id": z
    .string()
    .meta({ description: "Delivery id (`whd_…`), the same on every retry: dedupe by it.", example: "whd_4sD9k" }),
  "webhook-timestamp": z.string().meta({ description: "Unix seconds when this attempt was signed.", example: "1795446001" }),
  "webhook-signature": z.string().meta({
    description:
      "`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the account secret (a request's `webHook`) or the endpoint's own secret.",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

export const acknowledged = {
  "2XX": { description: "Any 2xx within 15 s is delivered; anything else is retried with backoff." },
};
