"use client";

import { Menu, X } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { LanguageMenuItems, LanguageSwitcher } from "@/components/language-switcher";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

export interface SiteLink {
  href: string;
  label: string;
  current: boolean;
}

/**
 * The public header's navigation: a row of links and the language menu on wide screens; on a phone the
 * header stays one row (`pinned`, the dashboard link, stays in it) and the links and languages are one
 * menu behind a button. Its panel is written inside the navigation landmark, where the links belong.
 */
export function SiteMenu({ label, pinned, links }: { label: string; pinned: ReactNode; links: readonly SiteLink[] }) {
  const t = useTranslations("common");
  const [open, setOpen] = useState(false);
  const Icon = open ? X : Menu;
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-2 text-sm sm:gap-1">
      <div className="hidden items-center gap-1 sm:flex">
        {links.map((l) => (
          <Link
            key={l.href}
            href={l.href}
            aria-current={l.current ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 font-medium transition-colors ${
              l.current ? "bg-slate-100 text-slate-900" : "text-slate-600 hover:bg-slate-50 hover:text-slate-900"
            }`}
          >
            {l.label}
          </Link>
        ))}
      </div>
      {pinned}
      <LanguageSwitcher className="hidden sm:ml-2 sm:inline-flex" />
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger className="grid h-9 w-9 place-items-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600 sm:hidden">
          <Icon aria-hidden className="h-5 w-5" />
          <span className="sr-only">{t("menu")}</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent inline align="end" className="w-56 sm:hidden">
          {links.map((l) => (
            <DropdownMenuItem key={l.href} asChild className={l.current ? "bg-slate-100 font-medium text-slate-900" : ""}>
              <Link href={l.href} aria-current={l.current ? "page" : undefined}>
                {l.label}
              </Link>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <LanguageMenuItems />
        </DropdownMenuContent>
      </DropdownMenu>
    </nav>
  );
}
