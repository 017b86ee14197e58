import { Play } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { LanguageSwitcher } from "@/components/language-switcher";
import { SiteMenu } from "@/components/site-menu";

const LINKS = [
  { href: "/docs", key: "docs" },
  { href: "/errors", key: "errors" },
  { href: "/status", key: "status" },
] as const;

/**
 * The small public navigation shared by the home, docs, error catalog and status pages. On a phone
 * it is one row: the logo, the dashboard link and a menu button; the other links open under it.
 */
export function SiteHeader({ current }: { current?: (typeof LINKS)[number]["key"] }) {
  const t = useTranslations("siteHeader");
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="relative mx-auto flex min-h-14 max-w-7xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight text-slate-900">
          <span aria-hidden className="grid h-7 w-7 place-items-center rounded-md bg-slate-900 text-white">
            <Play className="h-3.5 w-3.5 fill-current" />
          </span>
          vgen
          <span className="hidden rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 sm:inline">
            {t("inDevelopment")}
          </span>
        </Link>
        <SiteMenu
          label={t("main")}
          pinned={
            <Link
              href="/dashboard"
              className="shrink-0 rounded-md bg-slate-900 px-3 py-1.5 font-medium text-white hover:bg-slate-700 sm:ml-2"
            >
              {t("dashboard")}
            </Link>
          }
        >
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
          <LanguageSwitcher className="mt-2 px-3 sm:order-last sm:mt-0 sm:ml-2 sm:px-0" />
        </SiteMenu>
      </div>
    </header>
  );
}
