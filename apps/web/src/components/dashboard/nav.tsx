"use client";

import { Play } from "lucide-react";
import Link from "next/link";
import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { LanguageSwitcher } from "@/components/language-switcher";
import { SideNavLinks } from "@/components/ui/side-nav-links";
import { OrgSwitcher } from "./org-switcher";
import { TestModeSwitch } from "@/dashboard-mode/test-mode-switch";
import type { DashboardSection } from "./sections";

export function DashboardNav({
  email,
  sections,
  role = "user",
  livemode = true,
}: {
  email: string;
  /** The pages the member's role may open (sections.ts). */
  sections: DashboardSection[];
  role?: "user" | "support" | "admin";
  /** The dashboard's mode (the test-mode switch's cookie). */
  livemode?: boolean;
}) {
  const t = useTranslations("nav");
  return (
    <nav aria-label={t("dashboard")} className="flex h-full flex-col">
      <Link href="/" className="mb-6 flex items-center gap-2 px-3 font-semibold tracking-tight">
        <span aria-hidden className="grid h-7 w-7 place-items-center rounded-md bg-slate-900 text-white">
          <Play className="h-3.5 w-3.5 fill-current" />
        </span>
        vgen
      </Link>
      <OrgSwitcher />
      <SideNavLinks
        sections={sections.map((s) => ({ href: s.href, label: t(s.key) }))}
        isActive={(href, pathname) => (href === "/dashboard" ? pathname === href : pathname.startsWith(href))}
        activeClassName="bg-slate-900 text-white"
      />
      {role !== "user" && (
        <Link
          href="/console"
          className="mt-4 block rounded-md border border-indigo-200 bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-800 hover:bg-indigo-100"
        >
          {t("supportConsole")}
        </Link>
      )}
      <div className="mt-auto border-t border-slate-200 px-3 pt-4 text-sm">
        <p className="truncate text-slate-600" title={email}>
          {email}
        </p>
        <div className="mt-2 flex gap-4">
          <button
            type="button"
            onClick={() => signOut({ callbackUrl: "/signin" })}
            className="font-medium text-slate-900 underline"
          >
            {t("signOut")}
          </button>
          <Link href="/dashboard/account" className="text-slate-600 underline">
            {t("accountSettings")}
          </Link>
        </div>
        <TestModeSwitch initialLivemode={livemode} />
        <LanguageSwitcher className="mt-3" />
      </div>
    </nav>
  );
}
