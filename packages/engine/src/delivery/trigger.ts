// `POST /api/v1/webhooks/trigger` (docs/api.md#listen): a sample event of any type, sent like a real
// one to the account's subscribed endpoints and its listen sessions, so a receiver can be tried
// without spending money. The sample's ids name no real generation.
import {
  ACCOUNT_WEBHOOK_EVENTS,
  type EndpointEvent,
  formatTimestamp,
  type GenerationRecordT,
  type WebhookEvent,
} from "@vgen/contracts";
import { newId, type Db } from "@vgen/db";
import { queueAccountEvent } from "./account-events";

/** Sample events one account may trigger per minute: enough to try a receiver, too few to flood one. */
export const TRIGGERS_PER_MINUTE = 20;

function sampleGeneration(event: WebhookEvent, now: Date, livemode: boolean): GenerationRecordT {
  const id = newId("vid");
  const at = formatTimestamp(now);
  const base: GenerationRecordT = {
    id,
    model: "sample-model",
    status: "processing",
    price: "$0.100 / сек",
    eta_seconds: 20,
    queue_position: null,
    output: [],
    created_at: at,
    prompt: "A sample event sent by POST /api/v1/webhooks/trigger",
    duration: 4,
    size: "720p",
    aspect_ratio: "16:9",
    progress: 0,
    seed: 42,
    negative_prompt: null,
    n: 1,
    generate_audio: false,
    billed_seconds: 4,
    cost: "$0.400",
    completed_at: null,
    quote_id: null,
    extended_from: null,
    extensions: [],
    concat_of: [],
    livemode,
  };
  switch (event) {
    case "generation.processing":
      return base;
    case "generation.progress":
      return { ...base, eta_seconds: 10, progress: 50 };
    case "generation.completed":
      return {
        ...base,
        status: "completed",
        eta_seconds: 0,
        progress: 100,
        completed_at: at,
        output: [
          {
            url: `https://example.com/cdn/${id}.mp4`,
            resolution: "720p",
            duration: 4,
            poster_url: `https://example.com/cdn/${id}.jpg`,
            expires_at: null,
            has_audio: false,
            expired: false,
          },
        ],
      };
    case "generation.failed":
      return {
        ...base,
        status: "failed",
        eta_seconds: 0,
        completed_at: at,
        error: { code: "render_failed", message: "A sample failure." },
      };
    case "generation.canceled":
      return { ...base, status: "canceled", eta_seconds: 0, completed_at: at };
  }
}

function sampleData(accountId: string, event: EndpointEvent, now: Date, livemode: boolean): Record<string, unknown> {
  if (!(ACCOUNT_WEBHOOK_EVENTS as readonly string[]).includes(event))
    return sampleGeneration(event as WebhookEvent, now, livemode);
  const common = { account_id: accountId, created_at: formatTimestamp(now) };
  return event === "account.balance_low"
    ? { ...common, threshold: "$10.000", balance: "$8.720" }
    : {
        ...common,
        month: formatTimestamp(now).slice(0, 7),
        threshold: "$100.000",
        spend: "$101.440",
        balance: "$48.560",
      };
}

/** Queues a sample `event` to the account's destinations of `livemode`; returns the delivery ids. */
export async function triggerSampleEvent(
  db: Db,
  accountId: string,
  event: EndpointEvent,
  livemode: boolean,
  now: Date = new Date(),
): Promise<string[]> {
  return db.$transaction((tx) =>
    queueAccountEvent(tx, accountId, event, sampleData(accountId, event, now, livemode), { now, livemode }),
  );
}
