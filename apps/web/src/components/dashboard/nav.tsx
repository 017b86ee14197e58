"use client";

import Link from "next/link";
import { signOut } from "next-auth/react";
import { SideNavLinks } from "@/components/ui/side-nav-links";

const DASHBOARD_SECTIONS = [
  { href: "/dashboard", label: "Overview" },
  { href: "/dashboard/api-keys", label: "API keys" },
  { href: "/dashboard/quickstart", label: "Quick start" },
  { href: "/dashboard/playground", label: "Playground" },
  { href: "/dashboard/generations", label: "Generations" },
  { href: "/dashboard/models", label: "Models" },
  { href: "/dashboard/billing", label: "Balance & history" },
  { href: "/dashboard/usage", label: "Request statistics" },
  { href: "/dashboard/requests", label: "Requests" },
  { href: "/dashboard/subscriptions", label: "My subscriptions" },
  { href: "/dashboard/invoices", label: "Invoices & receipts" },
  { href: "/dashboard/test-balance", label: "Test balance" },
  { href: "/dashboard/webhooks", label: "Webhooks" },
] as const;

export function DashboardNav({ email, role = "user" }: { email: string; role?: "user" | "support" | "admin" }) {
  return (
    <nav aria-label="Dashboard" className="flex h-full flex-col">
      <Link href="/" className="mb-6 flex items-center gap-2 px-3 font-semibold tracking-tight">
        <span aria-hidden className="grid h-7 w-7 place-items-center rounded-md bg-slate-900 text-xs font-bold text-white">
          ▶
        </span>
        vgen
      </Link>
      <SideNavLinks
        sections={DASHBOARD_SECTIONS}
        isActive={(href, pathname) => (href === "/dashboard" ? pathname === href : pathname.startsWith(href))}
        activeClassName="bg-slate-900 text-white"
      />
      {role !== "user" && (
        <Link
          href="/console"
          className="mt-4 block rounded-md border border-indigo-200 bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-800 hover:bg-indigo-100"
        >
          Support console
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
            Sign out
          </button>
          <Link href="/dashboard/password" className="text-slate-600 underline">
            Change password
          </Link>
        </div>
      </div>
    </nav>
  );
}
