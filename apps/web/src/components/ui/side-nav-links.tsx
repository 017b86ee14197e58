"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** A vertical list of section links; the current one is marked for sight and for screen readers. */
export function SideNavLinks({
  sections,
  isActive,
  activeClassName,
}: {
  sections: ReadonlyArray<{ href: string; label: string }>;
  isActive: (href: string, pathname: string) => boolean;
  activeClassName: string;
}) {
  const pathname = usePathname();
  return (
    <ul className="space-y-0.5">
      {sections.map((s) => {
        const active = isActive(s.href, pathname);
        return (
          <li key={s.href}>
            <Link
              href={s.href}
              aria-current={active ? "page" : undefined}
              className={`block rounded-md px-3 py-1.5 text-sm font-medium ${active ? activeClassName : "text-slate-700 hover:bg-slate-100"}`}
            >
              {s.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
