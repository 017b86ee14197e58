import { useTranslations } from "next-intl";

/** The first stop of the keyboard on every page: hidden until focused, it jumps past the navigation. */
export function SkipLink() {
  const t = useTranslations("common");
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-slate-900 focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-white focus:outline-2 focus:outline-offset-2 focus:outline-blue-500"
    >
      {t("skipToContent")}
    </a>
  );
}
