import Link from "next/link";
import { useTranslations } from "next-intl";
import { LanguageSwitcher } from "@/components/language-switcher";

const LINKS = [
  { href: "/docs", key: "docs" },
  { href: "/errors", key: "errors" },
  { href: "/status", key: "status" },
] as const;

/** The small public navigation shared by the home, docs, error catalog and status pages. */
export function SiteHeader({ current }: { current?: (typeof LINKS)[number]["key"] }) {
  const t = useTranslations("siteHeader");
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight text-slate-900">
          <span aria-hidden className="grid h-7 w-7 place-items-center rounded-md bg-slate-900 text-xs font-bold text-white">
            ▶
          </span>
          vgen
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800">
            {t("inDevelopment")}
          </span>
        </Link>
        <nav aria-label={t("main")} className="flex flex-wrap items-center gap-1 text-sm">
          {LINKS.map((l) => (
            <Link
              key={l.key}
              href={l.href}
              aria-current={current === l.key ? "page" : undefined}
              className={`rounded-md px-3 py-1.5 font-medium transition-colors ${
                current === l.key ? "bg-slate-100 text-slate-900" : "text-slate-600 hover:bg-slate-50 hover:text-slate-900"
              }`}
            >
              {t(l.key)}
            </Link>
          ))}
          <Link
            href="/dashboard"
            className="rounded-md bg-slate-900 sm:ml-2 px-3 py-1.5 font-medium text-white hover:bg-slate-700"
          >
            {t("dashboard")}
          </Link>
          <LanguageSwitcher className="sm:ml-2" />
        </nav>
      </div>
    </header>
  );
}
