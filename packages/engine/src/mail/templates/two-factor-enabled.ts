import { type Locale, formatUtc } from "@vgen/contracts";
import { securityNoticeFooter, signature } from "./common";

/** Sent when the owner turns two-factor sign-in on. */
export function twoFactorEnabledMail(input: { email: string; at: Date }, locale: Locale) {
  const kind = "two_factor_enabled" as const;
  if (locale === "ru")
    return {
      kind,
      subject: "Двухфакторный вход включён",
      text: `Для аккаунта vgen ${input.email} включён двухфакторный вход ${formatUtc(input.at)}.
Теперь при входе по паролю нужен код из приложения-аутентификатора или код восстановления.

${securityNoticeFooter(locale)}

${signature()}`,
    };
  return {
    kind,
    subject: "Two-factor sign-in was turned on",
    text: `Two-factor sign-in was turned on for your vgen account ${input.email} at ${formatUtc(input.at)}.
Signing in with your password now also asks for a code from your authenticator app or a recovery code.

${securityNoticeFooter(locale)}

${signature()}`,
  };
}
