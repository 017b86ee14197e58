"use client";

import { Globe } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { LOCALES } from "@vgen/contracts";
import { setLocale } from "@/i18n/set-locale";

const NAMES = { en: "English", ru: "Русский" } as const;

/** The UI language: stored in a cookie by a server action, then the page renders again in it. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const t = useTranslations("languageSwitcher");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <label className={`inline-flex items-center gap-1.5 text-sm text-slate-600 ${className}`}>
      <span className="sr-only">{t("label")}</span>
      <Globe aria-hidden className="h-4 w-4 shrink-0" />
      <select
        value={locale}
        disabled={pending}
        onChange={(e) => {
          const next = e.target.value;
          startTransition(async () => {
            await setLocale(next);
            router.refresh();
          });
        }}
        className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm text-slate-900"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
