import { env } from "@vgen/config";
import { formatAmount, type Locale } from "@vgen/contracts";
import { optionalNoticeFooter, signature } from "./common";

/** Sent when support refunds all or part of a generation's charge. */
export function generationRefundedMail(
  input: { generationId: string; amountMicros: bigint; chargedMicros: bigint; reason: string },
  locale: Locale,
) {
  const kind = "generation_refunded" as const;
  const amount = formatAmount(input.amountMicros);
  const charged = formatAmount(input.chargedMicros);
  const link = `${env().PUBLIC_BASE_URL}/dashboard/generations/${input.generationId}`;
  if (locale === "ru")
    return {
      kind,
      subject: `Возврат ${amount} за генерацию ${input.generationId}`,
      text: `Поддержка vgen вернула ${amount} из ${charged}, списанных за генерацию ${input.generationId}.
Сумма уже на вашем балансе.

Причина: ${input.reason}
Генерация: ${link}

${optionalNoticeFooter(locale)}

${signature()}`,
    };
  return {
    kind,
    subject: `Refund of ${amount} for generation ${input.generationId}`,
    text: `vgen support refunded ${amount} of the ${charged} charged for generation ${input.generationId}.
It is already back on your balance.

Reason: ${input.reason}
Generation: ${link}

${optionalNoticeFooter(locale)}

${signature()}`,
  };
}
