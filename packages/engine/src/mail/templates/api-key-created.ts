import { env } from "@vgen/config";
import { type Locale, formatUtc } from "@vgen/contracts";
import { securityNoticeFooter, signature } from "./common";

/** Sent when an API key is created, by the owner or by rotating an older key (`replaces`). */
export function apiKeyCreatedMail(
  input: { name: string; prefix: string; livemode: boolean; at: Date; replaces?: string | undefined },
  locale: Locale,
) {
  const kind = "api_key_created" as const;
  const link = `${env().PUBLIC_BASE_URL}/dashboard/api-keys`;
  if (locale === "ru")
    return {
      kind,
      subject: `Создан API-ключ vgen «${input.name}»`,
      text: `${formatUtc(input.at)} в вашем аккаунте vgen создан ${input.livemode ? "боевой" : "тестовый"} API-ключ «${input.name}» (${input.prefix}…).
${input.replaces ? `Он заменил ключ ${input.replaces}…, который отозван.\n` : ""}Ключи аккаунта: ${link}

${securityNoticeFooter(locale)}

${signature()}`,
    };
  return {
    kind,
    subject: `vgen API key "${input.name}" was created`,
    text: `A ${input.livemode ? "live" : "test"} API key "${input.name}" (${input.prefix}…) was created in your vgen account at ${formatUtc(input.at)}.
${input.replaces ? `It replaces the key ${input.replaces}…, which was revoked.\n` : ""}Your keys: ${link}

${securityNoticeFooter(locale)}

${signature()}`,
  };
}
