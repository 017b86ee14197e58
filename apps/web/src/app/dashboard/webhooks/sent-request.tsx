"use client";

import { useTranslations } from "next-intl";

/** What one attempt sent, exactly: its headers (when kept) and the delivery's signed body. */
export function SentRequest({ body, headers }: { body: string; headers: Record<string, string> | null }) {
  const t = useTranslations("webhooks");
  return (
    <details className="mt-2 max-w-md text-xs" data-testid="sent-request">
      <summary className="cursor-pointer font-medium text-slate-700 underline">{t("sentRequest")}</summary>
      <p className="mt-2 font-medium text-slate-600">{t("sentHeaders")}</p>
      {headers ? (
        <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 font-mono" data-testid="sent-headers">
          {Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}`)
            .join("\n")}
        </pre>
      ) : (
        <p className="mt-1 text-slate-500">{t("headersNotKept")}</p>
      )}
      <p className="mt-2 font-medium text-slate-600">{t("sentBody")}</p>
      <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono" data-testid="sent-body">
        {body}
      </pre>
    </details>
  );
}
