import { env } from "@vgen/config";
import { formatAmount, type Locale } from "@vgen/contracts";
import { signature } from "./common";

/** Sent once per UTC month when the month's net spend reaches the owner's spend threshold. */
export function spendThresholdMail(
  input: { thresholdMicros: bigint; spendMicros: bigint; balanceMicros: bigint; month: string },
  locale: Locale,
) {
  const kind = "spend_threshold_reached" as const;
  const threshold = formatAmount(input.thresholdMicros);
  const spend = formatAmount(input.spendMicros);
  const balance = formatAmount(input.balanceMicros);
  const base = env().PUBLIC_BASE_URL;
  if (locale === "ru")
    return {
      kind,
      subject: `Расходы vgen в этом месяце достигли ${threshold}`,
      text: `Ваш аккаунт vgen потратил ${spend} за ${input.month} (UTC; списания за вычетом возвратов),
достигнув месячного порога уведомления ${threshold}. Доступный баланс: ${balance}.

Это только уведомление: ничего не остановлено. Оно приходит раз в месяц.
Пополнить баланс: ${base}/dashboard/invoices
Изменить или отключить уведомление можно в разделе «Баланс и история»: ${base}/dashboard/billing

${signature()}`,
    };
  return {
    kind,
    subject: `Your vgen spend this month reached ${threshold}`,
    text: `Your vgen account has spent ${spend} in ${input.month} (UTC; charges less refunds),
reaching your monthly alert threshold of ${threshold}. The available balance is ${balance}.

This is an alert only: nothing is stopped. You get it once per month.
Add funds: ${base}/dashboard/invoices
Change or turn off the alert under Balance & history: ${base}/dashboard/billing

${signature()}`,
  };
}
