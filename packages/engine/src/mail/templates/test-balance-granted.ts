import { env } from "@vgen/config";
import { formatAmount, type Locale } from "@vgen/contracts";
import { optionalNoticeFooter, signature } from "./common";

/** Sent when support grants a test balance request; `response` is support's answer to the owner. */
export function testBalanceGrantedMail(input: { amountMicros: bigint; response: string }, locale: Locale) {
  const kind = "test_balance_granted" as const;
  const amount = formatAmount(input.amountMicros);
  const link = `${env().PUBLIC_BASE_URL}/dashboard/test-balance`;
  if (locale === "ru")
    return {
      kind,
      subject: `Вам начислен тестовый баланс vgen: ${amount}`,
      text: `Поддержка vgen одобрила ваш запрос тестового баланса: на баланс зачислено ${amount}.

Ответ поддержки:
${input.response}

Запросы и ответы: ${link}

${optionalNoticeFooter(locale)}

${signature()}`,
    };
  return {
    kind,
    subject: `You were granted ${amount} of vgen test balance`,
    text: `vgen support granted your test balance request: ${amount} was added to your balance.

Support's answer:
${input.response}

Your requests and answers: ${link}

${optionalNoticeFooter(locale)}

${signature()}`,
  };
}
