import { BookOpen, House, LayoutDashboard } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";

const LINKS = [
  { href: "/", key: "home", Icon: House },
  { href: "/docs", key: "docs", Icon: BookOpen },
  { href: "/dashboard", key: "dashboard", Icon: LayoutDashboard },
] as const;

/**
 * The public page shown when a page cannot be shown (404, an unexpected error): the site's header,
 * what happened, and the ways on. `action` is an extra control first in the row (the error page's retry).
 */
export function ProblemPage({
  code,
  title,
  text,
  action,
  children,
}: {
  code: string;
  title: string;
  text: string;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const t = useTranslations("problemPage");
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none mx-auto max-w-2xl px-6 py-20 text-center sm:py-28">
        <p className="font-mono text-sm font-semibold text-blue-700" data-testid="problem-code">
          {code}
        </p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-lg text-slate-600">{text}</p>
        {children}
        <nav aria-label={t("waysOn")} className="mt-10 flex flex-wrap justify-center gap-3">
          {action}
          {LINKS.map(({ href, key, Icon }) => (
            <Link
              key={key}
              href={href}
              className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50"
            >
              <Icon aria-hidden className="h-4 w-4 text-slate-500" />
              {t(key)}
            </Link>
          ))}
        </nav>
      </main>
    </>
  );
}
