import { type Locale, formatUtc } from "@vgen/contracts";
import { signature } from "./common";

/** Sent to the OLD address once an email change is confirmed, so a takeover does not go unnoticed. */
export function emailChangeNoticeMail(input: { oldEmail: string; newEmail: string; at: Date }, locale: Locale) {
  const kind = "email_change_notice" as const;
  if (locale === "ru")
    return {
      kind,
      subject: "Адрес для входа изменён",
      text: `Адрес для входа в ваш аккаунт vgen изменён с ${input.oldEmail} на ${input.newEmail}
${formatUtc(input.at)}. Письма об аккаунте теперь приходят на новый адрес.

Если это были не вы, немедленно свяжитесь с поддержкой и приложите это письмо.

${signature()}`,
    };
  return {
    kind,
    subject: "Your sign-in email was changed",
    text: `The sign-in email of your vgen account was changed from ${input.oldEmail} to ${input.newEmail}
at ${formatUtc(input.at)}. Messages about the account now go to the new address.

If you did not make this change, contact support at once and quote this message.

${signature()}`,
  };
}
