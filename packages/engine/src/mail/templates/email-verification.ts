import type { Locale } from "@vgen/contracts";
import { signature } from "./common";

/** Sent on sign-up and from the dashboard banner's "Send a new link". */
export function emailVerificationMail(link: string, locale: Locale) {
  const kind = "email_verification" as const;
  if (locale === "ru")
    return {
      kind,
      subject: "Подтвердите адрес электронной почты",
      text: `Откройте ссылку, чтобы подтвердить адрес электронной почты для vgen:

${link}

Ссылка работает один раз в течение 3 дней. Пока адрес не подтверждён, панель управления не выпускает API-ключи.
Если вы не регистрировались, просто проигнорируйте это письмо.

${signature()}`,
    };
  return {
    kind,
    subject: "Verify your email address",
    text: `Open this link to verify your email address for vgen:

${link}

The link works once, for 3 days. Until your address is verified the dashboard issues no API keys.
If you did not sign up, ignore this message.

${signature()}`,
  };
}
