import { type Locale, formatUtc } from "@vgen/contracts";
import { signature } from "./common";

/** Sent when support turns two-factor sign-in off for the owner (a lost authenticator), so a reset they did not ask for is noticed. */
export function twoFactorResetMail(input: { email: string; at: Date }, locale: Locale) {
  const kind = "two_factor_reset" as const;
  if (locale === "ru")
    return {
      kind,
      subject: "Двухфакторный вход отключён поддержкой",
      text: `Поддержка vgen отключила двухфакторный вход аккаунта ${input.email} ${formatUtc(input.at)}.
Коды восстановления удалены, все сеансы завершены.

Войдите с паролем и снова включите двухфакторный вход на странице «Безопасность».
Если вы не обращались в поддержку, смените пароль и свяжитесь с нами.

${signature()}`,
    };
  return {
    kind,
    subject: "Support turned off two-factor sign-in",
    text: `vgen support turned off two-factor sign-in for your account ${input.email} at ${formatUtc(input.at)}.
Your recovery codes were deleted and every session was signed out.

Sign in with your password and turn two-factor sign-in on again on the Security page.
If you did not ask support for this, change your password and contact us.

${signature()}`,
  };
}
