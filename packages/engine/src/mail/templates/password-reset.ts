import type { Locale } from "@vgen/contracts";
import { signature } from "./common";

/** Sent from "Forgot password?" on the sign-in page. */
export function passwordResetMail(link: string, locale: Locale) {
  const kind = "password_reset" as const;
  if (locale === "ru")
    return {
      kind,
      subject: "Сброс пароля",
      text: `Кто-то запросил сброс пароля вашего аккаунта vgen. Чтобы задать новый пароль, откройте:

${link}

Ссылка работает один раз в течение 1 часа. После смены пароля все сеансы будут завершены.
Если это были не вы, проигнорируйте письмо: пароль останется прежним.

${signature()}`,
    };
  return {
    kind,
    subject: "Reset your password",
    text: `Someone asked to reset the password of your vgen account. To choose a new one, open:

${link}

The link works once, for 1 hour. Setting a new password signs you out everywhere.
If it was not you, ignore this message: your password stays as it is.

${signature()}`,
  };
}
