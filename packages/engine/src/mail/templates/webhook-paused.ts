import { env } from "@vgen/config";
import { formatUtc, type Locale } from "@vgen/contracts";
import { signature } from "./common";

/** Sent when an endpoint's circuit opens: its events are held until a probe succeeds or the owner resumes it. */
export function webhookPausedMail(
  input: { endpointId: string; url: string; failures: number; failingSince: Date; probeAt: Date },
  locale: Locale,
) {
  const kind = "webhook_endpoint_paused" as const;
  const link = `${env().PUBLIC_BASE_URL}/dashboard/webhooks/endpoints/${input.endpointId}`;
  if (locale === "ru")
    return {
      kind,
      subject: `Вебхук-эндпоинт vgen приостановлен: ${input.url}`,
      text: `Эндпоинт ${input.url} (${input.endpointId}) не принял ${input.failures} попыток доставки подряд
начиная с ${formatUtc(input.failingSince)}, поэтому мы приостановили доставку на него.

События для него не потеряны: они ждут и будут отправлены после возобновления.
Первая проверочная попытка — ${formatUtc(input.probeAt)}, затем раз в 10 минут; если эндпоинт ответит 2xx,
доставка возобновится сама. Возобновить сразу можно на странице эндпоинта: ${link}

${signature()}`,
    };
  return {
    kind,
    subject: `vgen paused your webhook endpoint ${input.url}`,
    text: `Your endpoint ${input.url} (${input.endpointId}) failed ${input.failures} delivery attempts in a row
since ${formatUtc(input.failingSince)}, so we paused deliveries to it.

Its events are not lost: they are held and sent once it is resumed.
A probe attempt goes at ${formatUtc(input.probeAt)} and then every 10 minutes; when the endpoint answers
with a 2xx, deliveries resume on their own. To resume now, open the endpoint: ${link}

${signature()}`,
  };
}
