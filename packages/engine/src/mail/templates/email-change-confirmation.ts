import type { Locale } from "@vgen/contracts";
import { signature } from "./common";

/** Sent to the NEW address when an owner asks to change their sign-in email. */
export function emailChangeConfirmationMail(input: { link: string; currentEmail: string; newEmail: string }, locale: Locale) {
  const kind = "email_change_confirmation" as const;
  if (locale === "ru")
    return {
      kind,
      subject: "Подтвердите новый адрес электронной почты",
      text: `Аккаунт vgen ${input.currentEmail} запросил смену адреса для входа на ${input.newEmail}.
Чтобы подтвердить, откройте:

${input.link}

Ссылка работает один раз в течение 24 часов. До её открытия ничего не изменится.
Если вы этого не запрашивали, проигнорируйте письмо.

${signature()}`,
    };
  return {
    kind,
    subject: "Confirm your new email address",
    text: `The vgen account ${input.currentEmail} asked to use ${input.newEmail} as its sign-in email.
To confirm, open:

${input.link}

The link works once, for 24 hours. Nothing changes until it is opened.
If you did not ask for this, ignore this message.

${signature()}`,
  };
}
