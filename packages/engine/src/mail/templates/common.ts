// What every account email shares: its language and where to get help.
import { env } from "@vgen/config";
import { isLocale, type Locale } from "@vgen/contracts";

/** An account's stored language (`accounts.locale`) as the language of its emails; anything else reads English. */
export function mailLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : "en";
}

/** The closing lines of every message. */
export function signature(): string {
  return `— vgen\n${env().PUBLIC_BASE_URL}\n`;
}

/** The closing line of a notice the owner may turn off: where to do it. */
export function optionalNoticeFooter(locale: Locale): string {
  const link = `${env().PUBLIC_BASE_URL}/dashboard/account#notifications`;
  return locale === "ru"
    ? `Отключить такие письма можно в настройках аккаунта, раздел «Уведомления по почте»: ${link}`
    : `Turn off these emails under Account settings, Notification emails: ${link}`;
}

/** The closing line of a security notice: why it cannot be turned off, and what to do if the change was not the owner's. */
export function securityNoticeFooter(locale: Locale): string {
  const link = `${env().PUBLIC_BASE_URL}/dashboard/security`;
  return locale === "ru"
    ? `Если это были не вы, смените пароль, завершите чужие сеансы (${link}) и свяжитесь с поддержкой.
Это уведомление безопасности: его нельзя отключить.`
    : `If this was not you, change your password, sign out the sessions you do not know (${link}) and contact support.
This is a security notice: it cannot be turned off.`;
}
