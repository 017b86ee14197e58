"use client";

import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";
import { ScrollingCode } from "@/components/ui/scroll-region";

/** Indented for reading when it is whole JSON; a cut or non-JSON body is shown exactly as stored. */
function formatted(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One stored body of a request (already redacted and capped by the request log). */
export function RequestBody({
  kind,
  text,
  truncated,
}: {
  kind: "request" | "response";
  text: string | null;
  truncated: boolean;
}) {
  const t = useTranslations("requests");
  const title = t(kind === "request" ? "requestBody" : "responseBody");
  if (text === null) {
    return (
      <section className="mt-6">
        <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
        <p className="text-sm text-slate-600">{t(kind === "request" ? "noRequestBody" : "noResponseBody")}</p>
      </section>
    );
  }
  const shown = formatted(text);
  return (
    <section className="mt-6">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <CopyButton text={shown} label={t(kind === "request" ? "copyRequestBody" : "copyResponseBody")} />
      </div>
      <ScrollingCode
        label={title}
        testId={`${kind}-body`}
        className="max-h-96 overflow-y-auto rounded-lg bg-slate-950 p-4 text-[13px] leading-relaxed text-slate-100"
      >
        {shown}
      </ScrollingCode>
      <p className="mt-2 text-xs text-slate-600">{truncated ? t("bodyTruncated", { kib: 16 }) : t("bodyRedacted")}</p>
    </section>
  );
}
