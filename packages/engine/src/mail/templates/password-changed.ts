import { type Locale, formatUtc } from "@vgen/contracts";
import { signature } from "./common";

/** Sent after a password change or a reset, so an owner learns of one they did not make. */
export function passwordChangedMail(input: { email: string; at: Date }, locale: Locale) {
  const kind = "password_changed" as const;
  if (locale === "ru")
    return {
      kind,
      subject: "Пароль изменён",
      text: `Пароль аккаунта vgen ${input.email} изменён ${formatUtc(input.at)}.
Остальные сеансы завершены.

Если это были не вы, сбросьте пароль на странице входа («Забыли пароль?»)
и свяжитесь с поддержкой.

${signature()}`,
    };
  return {
    kind,
    subject: "Your password was changed",
    text: `The password of your vgen account ${input.email} was changed at ${formatUtc(input.at)}.
Other sessions were signed out.

If you did not make this change, reset your password from the sign-in page ("Forgot password?")
and contact support.

${signature()}`,
  };
}
