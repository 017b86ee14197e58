import { Play } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { SiteMenu } from "@/components/site-menu";

const LINKS = [
  { href: "/docs", key: "docs" },
  { href: "/errors", key: "errors" },
  { href: "/status", key: "status" },
] as const;

/**
 * The small public navigation shared by the home, docs, error catalog and status pages. On a phone
 * it is one row: the logo, the dashboard link and a menu button holding the other links and the languages.
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
          links={LINKS.map((l) => ({ href: l.href, label: t(l.key), current: current === l.key }))}
        />
      </div>
    </header>
  );
}
