"use client";

import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useId, useState } from "react";

/**
 * The public header's navigation: a row on wide screens; on a phone the links fold behind a menu
 * button so the header stays one row (`pinned`, the dashboard link, stays in it), opening as a panel
 * under it. Following a link folds it again.
 */
export function SiteMenu({ label, pinned, children }: { label: string; pinned: ReactNode; children: ReactNode }) {
  const t = useTranslations("common");
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const id = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: folds on every navigation, which pathname marks
  useEffect(() => setOpen(false), [pathname]);
  const Icon = open ? X : Menu;
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-2 text-sm sm:flex-wrap sm:gap-1">
      {/* On wide screens the panel's box dissolves (display: contents): its links sit in the row. */}
      <div
        id={id}
        className={`${open ? "absolute inset-x-0 top-full flex" : "hidden"} flex-col gap-1 border-b border-slate-200 bg-white px-4 py-3 shadow-sm sm:contents`}
      >
        {children}
      </div>
      {pinned}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="grid h-9 w-9 place-items-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600 sm:hidden"
      >
        <Icon aria-hidden className="h-5 w-5" />
        <span className="sr-only">{t("menu")}</span>
      </button>
    </nav>
  );
}
