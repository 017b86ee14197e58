// The signatures here come from the `standardwebhooks` library, the one the server signs with
// (packages/engine/src/delivery/signing.ts), so a drift between the two schemes fails this file.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verify, type WebhookEvent, WebhookVerificationError } from "../src/webhooks";

// The server's secrets are `whsec_` + base64 (packages/engine/src/accounts/accounts.ts).
const secret = `whsec_${randomBytes(24).toString("base64")}`;
const body = JSON.stringify({ type: "generation.completed", data: { id: "vid_1", status: "completed", price: "$0.480 / сек" } });

function signed(at: Date, payload = body, id = "whd_abc") {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(seconds),
    "webhook-signature": new Webhook(secret).sign(id, new Date(seconds * 1000), payload),
  };
}

describe("webhooks.verify", () => {
  it("accepts a delivery signed by the server's scheme and returns the parsed event", () => {
    const event = verify(body, signed(new Date()), secret);
    expect(event.type).toBe("generation.completed");
    expect(event.data).toMatchObject({ id: "vid_1" });
  });

  it("returns a union narrowed by `type`: a record for generation events, the figures for account events", () => {
    const describe = (event: WebhookEvent): string => {
      switch (event.type) {
        case "generation.completed":
        case "generation.failed":
        case "generation.canceled":
        case "generation.processing":
        case "generation.progress":
          return `${event.data.id} ${event.data.status}`;
        case "account.balance_low":
          return `balance ${event.data.balance} < ${event.data.threshold}`;
        case "account.spend_threshold_reached":
          return `spend ${event.data.spend} in ${event.data.month}`;
        case "webhook.test":
          return `test to ${event.data.endpoint_id}`;
        default: {
          // Every type the document lists is handled above: a new one fails the typecheck here.
          const unknown: never = event;
          return String(unknown);
        }
      }
    };
    expect(describe(verify(body, signed(new Date()), secret))).toBe("vid_1 completed");
    const low = JSON.stringify({ type: "account.balance_low", data: { balance: "$8.720", threshold: "$10.000" } });
    expect(describe(verify(low, signed(new Date(), low), secret))).toBe("balance $8.720 < $10.000");
  });

  it("accepts raw bytes, a Headers object, and any matching entry of a multi-signature header", () => {
    const headers = signed(new Date());
    const multi = new Headers({
      ...headers,
      "webhook-signature": `v1,${Buffer.alloc(32).toString("base64")} ${headers["webhook-signature"]}`,
    });
    expect(verify(Buffer.from(body), multi, secret).data).toMatchObject({ id: "vid_1" });
  });

  it("refuses a tampered body, a tampered id and a wrong secret", () => {
    const headers = signed(new Date());
    expect(() => verify(body.replace("vid_1", "vid_2"), headers, secret)).toThrow(WebhookVerificationError);
    expect(() => verify(body, { ...headers, "webhook-id": "whd_other" }, secret)).toThrow(/no webhook-signature matches/);
    expect(() => verify(body, headers, `whsec_${randomBytes(24).toString("base64")}`)).toThrow(WebhookVerificationError);
  });

  it("refuses a stale or future timestamp beyond the tolerance, and accepts one within it", () => {
    const now = new Date();
    const stale = signed(new Date(now.getTime() - 301_000));
    expect(() => verify(body, stale, secret, { now })).toThrow(/more than 300 s/);
    expect(() => verify(body, signed(new Date(now.getTime() + 301_000)), secret, { now })).toThrow(WebhookVerificationError);
    expect(verify(body, signed(new Date(now.getTime() - 299_000)), secret, { now }).type).toBe("generation.completed");
    expect(verify(body, stale, secret, { now, toleranceSeconds: 600 }).type).toBe("generation.completed");
  });

  it("refuses missing headers and a timestamp that is not a number", () => {
    const headers = signed(new Date());
    expect(() => verify(body, { ...headers, "webhook-signature": undefined }, secret)).toThrow(/missing/);
    expect(() => verify(body, { ...headers, "webhook-timestamp": "soon" }, secret)).toThrow(/not a number/);
  });
});
