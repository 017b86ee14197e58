import { env } from "@vgen/config";
import { formatAmount, type Locale, formatUtc } from "@vgen/contracts";
import { signature } from "./common";

/** Sent once each time the available balance falls below the owner's low-balance threshold. */
export function balanceLowMail(input: { thresholdMicros: bigint; balanceMicros: bigint; at: Date }, locale: Locale) {
  const kind = "balance_low" as const;
  const threshold = formatAmount(input.thresholdMicros);
  const balance = formatAmount(input.balanceMicros);
  const base = env().PUBLIC_BASE_URL;
  if (locale === "ru")
    return {
      kind,
      subject: `Баланс vgen ниже ${threshold}`,
      text: `Доступный баланс вашего аккаунта vgen опустился ниже порога уведомления ${threshold}
${formatUtc(input.at)}. В тот момент он составлял ${balance} (выполняющиеся генерации уже вычтены).

Когда баланса не хватает на стоимость генерации, новые запросы отклоняются (402 insufficient_balance).
Пополнить баланс: ${base}/dashboard/invoices

Уведомление приходит один раз за каждое пересечение порога: следующее — после того, как баланс снова достигнет ${threshold} или больше.
Изменить или отключить уведомление можно в разделе «Баланс и история»: ${base}/dashboard/billing

${signature()}`,
    };
  return {
    kind,
    subject: `Your vgen balance is below ${threshold}`,
    text: `The available balance of your vgen account fell below your alert threshold of ${threshold}
at ${formatUtc(input.at)}. It was ${balance} then (running generations already deducted).

When the balance does not cover a generation's cost, new requests are refused (402 insufficient_balance).
Add funds: ${base}/dashboard/invoices

You get this once per crossing: the next one after the balance is back at ${threshold} or more.
Change or turn off the alert under Balance & history: ${base}/dashboard/billing

${signature()}`,
  };
}
