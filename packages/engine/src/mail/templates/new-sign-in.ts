import { type Locale, formatUtc } from "@vgen/contracts";
import { securityNoticeFooter, signature } from "./common";

/** Sent when the account is signed in from a device (browser and network) it was not signed in from lately. */
export function newSignInMail(
  input: { email: string; at: Date; userAgent: string | null; ip: string | null; windowDays: number },
  locale: Locale,
) {
  const kind = "new_sign_in" as const;
  if (locale === "ru") {
    const unknown = "неизвестно";
    return {
      kind,
      subject: "Вход в vgen с нового устройства",
      text: `В аккаунт vgen ${input.email} выполнен вход ${formatUtc(input.at)} с устройства,
с которого за последние ${input.windowDays} дней входа не было.

Браузер: ${input.userAgent ?? unknown}
IP-адрес: ${input.ip ?? unknown}

${securityNoticeFooter(locale)}

${signature()}`,
    };
  }
  const unknown = "unknown";
  return {
    kind,
    subject: "New sign-in to vgen from a new device",
    text: `Your vgen account ${input.email} was signed in to at ${formatUtc(input.at)} from a device
it was not signed in from in the last ${input.windowDays} days.

Browser: ${input.userAgent ?? unknown}
IP address: ${input.ip ?? unknown}

${securityNoticeFooter(locale)}

${signature()}`,
  };
}
