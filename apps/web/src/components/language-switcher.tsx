"use client";

import { ChevronDown, Globe } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { isLocale, LOCALES } from "@vgen/contracts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { setLocale } from "@/i18n/set-locale";

const NAMES = { en: "English", ru: "Русский" } as const;

/** The UI language: stored in a cookie by a server action, then the page renders again in it. */
function useLocaleSwitch() {
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const choose = (next: string) => {
    if (next === locale) return;
    startTransition(async () => {
      await setLocale(next);
      router.refresh();
    });
  };
  return { locale, pending, choose };
}

function LanguageChoices({ locale, choose }: { locale: string; choose: (next: string) => void }) {
  return (
    <DropdownMenuRadioGroup value={locale} onValueChange={choose}>
      {LOCALES.map((l) => (
        <DropdownMenuRadioItem key={l} value={l} lang={l}>
          {NAMES[l]}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

/** The languages as a labelled group of choices inside another menu (the public header's, on a phone). */
export function LanguageMenuItems() {
  const t = useTranslations("languageSwitcher");
  const { locale, choose } = useLocaleSwitch();
  return (
    <>
      <DropdownMenuLabel>{t("label")}</DropdownMenuLabel>
      <LanguageChoices locale={locale} choose={choose} />
    </>
  );
}

/** A button naming the current language that opens the list of languages. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const t = useTranslations("languageSwitcher");
  const { locale, pending, choose } = useLocaleSwitch();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        disabled={pending}
        className={`inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600 disabled:opacity-60 ${className}`}
      >
        <Globe aria-hidden className="h-4 w-4 shrink-0 text-slate-600" />
        <span className="sr-only">{t("label")}: </span>
        <span lang={locale}>{isLocale(locale) ? NAMES[locale] : locale}</span>
        <ChevronDown aria-hidden className="h-3.5 w-3.5 shrink-0 text-slate-500" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <LanguageChoices locale={locale} choose={choose} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
