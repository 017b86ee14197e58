/**
 * Account events of the `webhooks` section (docs/api.md#balance-alerts): balance alerts, POSTed
 * only to account endpoints subscribed to them, signed with the endpoint's secret.
 */
import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { AccountWebhookEvent } from "../../generation";
import { acknowledged, SIGNATURE_HEADERS } from "./signature";

const money = (description: string, example: string) => z.string().meta({ description, example });

const BalanceLow = z.object({
  account_id: z.string().meta({ example: "acct_3kT9wQ" }),
  threshold: money("The low-balance threshold set in the dashboard.", "$10.000"),
  balance: money("The available balance (running generations deducted) when it fell below the threshold.", "$8.720"),
  created_at: z.string().meta({ description: "When the balance crossed the threshold.", example: "2026-11-21T15:16:57Z" }),
});

const SpendReached = z.object({
  account_id: z.string().meta({ example: "acct_3kT9wQ" }),
  month: z.string().meta({ description: "The UTC calendar month.", example: "2026-11" }),
  threshold: money("The monthly spend threshold set in the dashboard.", "$100.000"),
  spend: money("The month's charges less its refunds when the threshold was reached.", "$101.440"),
  balance: money("The available balance at that moment.", "$48.560"),
  created_at: z
    .string()
    .meta({ description: "When the charge that reached the threshold was booked.", example: "2026-11-21T15:16:57Z" }),
});

function accountEvent(type: AccountWebhookEvent, description: string, data: z.ZodObject, example: object): RouteConfig {
  return {
    method: "post",
    path: type,
    operationId: `webhook_${type.replace(".", "_")}`,
    summary: type,
    description,
    tags: ["Webhooks"],
    request: {
      headers: SIGNATURE_HEADERS,
      body: {
        content: { "application/json": { schema: z.object({ type: z.literal(type), data }), example: { type, data: example } } },
      },
    },
    responses: acknowledged,
  };
}

export const ACCOUNT_EVENTS: RouteConfig[] = [
  accountEvent(
    "account.balance_low",
    "The available balance fell below the account's low-balance threshold. Once per crossing: sent again only after the balance is back at or above the threshold. Account endpoints only, opt-in.",
    BalanceLow,
    { account_id: "acct_3kT9wQ", threshold: "$10.000", balance: "$8.720", created_at: "2026-11-21T15:16:57Z" },
  ),
  accountEvent(
    "account.spend_threshold_reached",
    "The month's net spend (charges less refunds, UTC month) reached the account's monthly spend threshold. Once per month. Account endpoints only, opt-in.",
    SpendReached,
    {
      account_id: "acct_3kT9wQ",
      month: "2026-11",
      threshold: "$100.000",
      spend: "$101.440",
      balance: "$48.560",
      created_at: "2026-11-21T15:16:57Z",
    },
  ),
];
