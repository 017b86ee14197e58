"use client";

import { CopyButton } from "@/components/ui/copy-button";

import { useTranslations } from "next-intl";

/** A freshly made endpoint secret: shown here once, never again. */
export function SecretOnce({ secret }: { secret: string }) {
  const t = useTranslations("webhooks");
  return (
    <div role="status" className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
      <p>{t("secretOnce")}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="endpoint-secret"
          className="min-w-0 flex-1 break-all rounded-md border border-emerald-200 bg-white px-3 py-2 font-mono text-xs"
        >
          {secret}
        </code>
        <CopyButton text={secret} />
      </div>
    </div>
  );
}
