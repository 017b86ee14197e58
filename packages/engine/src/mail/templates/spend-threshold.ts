import { env } from "@vgen/config";
import { formatAmount } from "@vgen/contracts";
import { signature } from "./common";

/** Sent once per UTC month when the month's net spend reaches the owner's spend threshold. */
export function spendThresholdMail(input: {
  thresholdMicros: bigint;
  spendMicros: bigint;
  balanceMicros: bigint;
  month: string;
}) {
  return {
    kind: "spend_threshold_reached" as const,
    subject: `Your vgen spend this month reached ${formatAmount(input.thresholdMicros)}`,
    text: `Your vgen account has spent ${formatAmount(input.spendMicros)} in ${input.month} (UTC; charges less refunds),
reaching your monthly alert threshold of ${formatAmount(input.thresholdMicros)}. The available balance is ${formatAmount(input.balanceMicros)}.

This is an alert only: nothing is stopped. You get it once per month.
Add funds: ${env().PUBLIC_BASE_URL}/dashboard/invoices
Change or turn off the alert under Balance & history: ${env().PUBLIC_BASE_URL}/dashboard/billing

${signature()}`,
  };
}
