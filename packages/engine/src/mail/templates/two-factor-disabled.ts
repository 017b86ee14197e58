import { type Locale, formatUtc } from "@vgen/contracts";
import { securityNoticeFooter, signature } from "./common";

/** Sent when the owner turns two-factor sign-in off. */
export function twoFactorDisabledMail(input: { email: string; at: Date }, locale: Locale) {
  const kind = "two_factor_disabled" as const;
  if (locale === "ru")
    return {
      kind,
      subject: "Двухфакторный вход выключен",
      text: `Для аккаунта vgen ${input.email} выключен двухфакторный вход ${formatUtc(input.at)}.
Теперь для входа достаточно пароля; коды восстановления удалены.

${securityNoticeFooter(locale)}

${signature()}`,
    };
  return {
    kind,
    subject: "Two-factor sign-in was turned off",
    text: `Two-factor sign-in was turned off for your vgen account ${input.email} at ${formatUtc(input.at)}.
Your password alone now signs in; the recovery codes were deleted.

${securityNoticeFooter(locale)}

${signature()}`,
  };
}
