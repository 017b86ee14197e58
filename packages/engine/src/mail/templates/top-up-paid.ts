import { env } from "@vgen/config";
import { formatAmount, type Locale } from "@vgen/contracts";
import { optionalNoticeFooter, signature } from "./common";

/** Sent when a top-up invoice is paid (card checkout or a bank transfer staff marked received) and the balance credited. */
export function topUpPaidMail(
  input: { number: string; amountMicros: bigint; balanceMicros: bigint; via: "stripe" | "bank_transfer" },
  locale: Locale,
) {
  const kind = "top_up_paid" as const;
  const amount = formatAmount(input.amountMicros);
  const balance = formatAmount(input.balanceMicros);
  const link = `${env().PUBLIC_BASE_URL}/dashboard/invoices`;
  if (locale === "ru")
    return {
      kind,
      subject: `Счёт ${input.number} оплачен: ${amount} зачислено`,
      text: `Счёт ${input.number} на ${amount} оплачен (${input.via === "stripe" ? "картой" : "банковским переводом"}), сумма зачислена на баланс.
Доступный баланс теперь ${balance}.

Счета и квитанции: ${link}

${optionalNoticeFooter(locale)}

${signature()}`,
    };
  return {
    kind,
    subject: `Invoice ${input.number} paid: ${amount} added`,
    text: `Invoice ${input.number} for ${amount} was paid (${input.via === "stripe" ? "by card" : "by bank transfer"}) and added to your balance.
The available balance is now ${balance}.

Invoices and receipts: ${link}

${optionalNoticeFooter(locale)}

${signature()}`,
  };
}
