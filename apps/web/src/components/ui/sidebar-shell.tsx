import type { ReactNode } from "react";
import { CollapsibleSidebar } from "./collapsible-sidebar";

/** The signed-in shell: a sidebar (sticky on wide screens; on phones folded on top behind a Menu button) and the page. */
export function SidebarShell({ nav, children }: { nav: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <aside className="border-b border-slate-200 bg-white p-4 md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <CollapsibleSidebar>{nav}</CollapsibleSidebar>
      </aside>
      <main id="main" tabIndex={-1} className="outline-none min-w-0 flex-1 px-4 py-8 md:px-10">
        {children}
      </main>
    </div>
  );
}
