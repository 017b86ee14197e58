"use client";

import { ChevronDown, ChevronUp } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useId, useState } from "react";

/**
 * The sidebar's navigation: always shown on wide screens; on phones folded behind a "Menu"
 * disclosure button so the page, not the list of links, fills the first screen. Following a link
 * folds it again.
 */
export function CollapsibleSidebar({ children }: { children: ReactNode }) {
  const t = useTranslations("common");
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const id = useId();
  const Chevron = open ? ChevronUp : ChevronDown;
  // biome-ignore lint/correctness/useExhaustiveDependencies: folds on every navigation, which pathname marks
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600 md:hidden"
      >
        {t("menu")}
        <Chevron aria-hidden className="h-4 w-4" />
      </button>
      <div id={id} className={`${open ? "mt-4 block" : "hidden"} h-full md:mt-0 md:block`}>
        {children}
      </div>
    </>
  );
}
