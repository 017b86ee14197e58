import { env } from "@vgen/config";
import { type Locale, formatUtc } from "@vgen/contracts";
import { securityNoticeFooter, signature } from "./common";

/** Sent when an API key is revoked, by the owner or by support. */
export function apiKeyRevokedMail(input: { name: string; prefix: string; at: Date; bySupport: boolean }, locale: Locale) {
  const kind = "api_key_revoked" as const;
  const link = `${env().PUBLIC_BASE_URL}/dashboard/api-keys`;
  if (locale === "ru")
    return {
      kind,
      subject: `API-ключ vgen «${input.name}» отозван`,
      text: `API-ключ «${input.name}» (${input.prefix}…) вашего аккаунта vgen отозван ${formatUtc(input.at)}${input.bySupport ? " службой поддержки vgen" : ""}.
Запросы с ним отклоняются (401). Ключи аккаунта: ${link}

${securityNoticeFooter(locale)}

${signature()}`,
    };
  return {
    kind,
    subject: `vgen API key "${input.name}" was revoked`,
    text: `The API key "${input.name}" (${input.prefix}…) of your vgen account was revoked${input.bySupport ? " by vgen support" : ""} at ${formatUtc(input.at)}.
Requests made with it are refused (401). Your keys: ${link}

${securityNoticeFooter(locale)}

${signature()}`,
  };
}
