"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/** The one and only display of a freshly issued key. */
export function NewKeyReveal({
  name,
  apiKey,
  onDone,
  title,
}: {
  name: string;
  apiKey: string;
  onDone?: () => void;
  title?: string;
}) {
  const t = useTranslations("apiKeys");
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the heading each time a new key is shown
  useEffect(() => heading.current?.focus(), [apiKey]);
  return (
    <section aria-labelledby="new-key-title" className="rounded-xl border border-amber-300 bg-amber-50 p-5" data-testid="new-key">
      <h2 id="new-key-title" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        {title ?? t("newKeyTitle")}: {name}
      </h2>
      <p className="mt-1 text-sm font-medium text-amber-900">{t("revealWarning")}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="new-key-value"
          className="block min-w-0 flex-1 overflow-x-auto rounded-md border border-amber-200 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
        >
          {apiKey}
        </code>
        <div className="flex gap-2">
          <CopyButton text={apiKey} label={t("copyKey")} />
          {onDone && (
            <Button type="button" variant="ghost" onClick={onDone}>
              {t("done")}
            </Button>
          )}
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-600">{t("revealNote")}</p>
    </section>
  );
}
