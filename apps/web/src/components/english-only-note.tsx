import { Languages } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";

/**
 * Said to readers of another language on /docs and /errors: the API reference and the error catalog's
 * meanings stay English, as the API's own messages do (the reasons: docs/api.md#language-of-the-reference).
 * English readers need no note.
 */
export function EnglishOnlyNote({ what }: { what: "docs" | "errors" }) {
  const t = useTranslations("englishOnly");
  const locale = useLocale();
  if (locale === "en") return null;
  return (
    // Inside /docs, whose content is marked English, the note keeps the page's language.
    <aside
      lang={locale}
      aria-label={t("label")}
      data-testid="english-only-note"
      className="mb-6 flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950"
    >
      <Languages aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <p>{t(what)}</p>
    </aside>
  );
}
