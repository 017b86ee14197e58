import { env } from "@vgen/config";
import { formatAmount } from "@vgen/contracts";
import { mailTime, signature } from "./common";

/** Sent once each time the available balance falls below the owner's low-balance threshold. */
export function balanceLowMail(input: { thresholdMicros: bigint; balanceMicros: bigint; at: Date }) {
  return {
    kind: "balance_low" as const,
    subject: `Your vgen balance is below ${formatAmount(input.thresholdMicros)}`,
    text: `The available balance of your vgen account fell below your alert threshold of ${formatAmount(input.thresholdMicros)}
at ${mailTime(input.at)}. It was ${formatAmount(input.balanceMicros)} then (running generations already deducted).

When the balance does not cover a generation's cost, new requests are refused (402 insufficient_balance).
Add funds: ${env().PUBLIC_BASE_URL}/dashboard/invoices

You get this once per crossing: the next one after the balance is back at ${formatAmount(input.thresholdMicros)} or more.
Change or turn off the alert under Balance & history: ${env().PUBLIC_BASE_URL}/dashboard/billing

${signature()}`,
  };
}
