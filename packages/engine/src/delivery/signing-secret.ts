import { randomBase58 } from "@vgen/db";

/** A new Standard Webhooks signing secret (`whsec_` + base64), for an account, an endpoint or a listen session. */
export function newWebhookSecret(): string {
  return `whsec_${Buffer.from(randomBase58(32)).toString("base64")}`;
}
