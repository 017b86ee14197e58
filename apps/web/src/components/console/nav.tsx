"use client";

import { Play } from "lucide-react";
import Link from "next/link";
import { signOut } from "next-auth/react";
import { SideNavLinks } from "@/components/ui/side-nav-links";

const CONSOLE_SECTIONS = [
  { href: "/console", label: "Find an account" },
  { href: "/console/test-balance", label: "Test balance requests" },
  { href: "/console/audit", label: "Audit log" },
  { href: "/console/outbox", label: "Mail outbox" },
  { href: "/console/catalog", label: "Catalog" },
  { href: "/console/routes", label: "Routes" },
  { href: "/console/costs", label: "Costs" },
] as const;

export function ConsoleNav({ email, role }: { email: string; role: "support" | "admin" }) {
  return (
    <nav aria-label="Support console" className="flex h-full flex-col">
      <Link href="/console" className="mb-6 flex items-center gap-2 px-3 font-semibold tracking-tight">
        <span aria-hidden className="grid h-7 w-7 place-items-center rounded-md bg-indigo-700 text-white">
          <Play className="h-3.5 w-3.5 fill-current" />
        </span>
        vgen <span className="rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-medium text-indigo-800">support</span>
      </Link>
      <SideNavLinks
        sections={CONSOLE_SECTIONS}
        isActive={(href, pathname) =>
          href === "/console" ? pathname === href || pathname.startsWith("/console/accounts") : pathname.startsWith(href)
        }
        activeClassName="bg-indigo-700 text-white"
      />
      <div className="mt-auto border-t border-slate-200 px-3 pt-4 text-sm">
        <Link href="/dashboard" className="font-medium text-slate-700 underline">
          Back to dashboard
        </Link>
        <p className="mt-3 truncate text-slate-600" title={email}>
          {email}
        </p>
        <p className="text-xs uppercase tracking-wide text-slate-500">{role}</p>
        <button
          type="button"
          onClick={() => signOut({ callbackUrl: "/signin" })}
          className="mt-2 font-medium text-slate-900 underline"
        >
          Sign out
        </button>
      </div>
    </nav>
  );
}
