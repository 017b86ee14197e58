import { forbidden } from "next/navigation";
import { ConsoleNav } from "@/components/console/nav";
import { SidebarShell } from "@/components/ui/sidebar-shell";
import { requireSessionUser } from "@/server/auth/session";

export const dynamic = "force-dynamic";
export const metadata = { title: { default: "Support console", template: "%s · Support console" } };

/** Staff only (support, admin); the role is read fresh on every request. Others get 403 (app/forbidden.tsx). */
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const user = await requireSessionUser("/console");
  if (user.role === "user") forbidden();
  return <SidebarShell nav={<ConsoleNav email={user.email} role={user.role} />}>{children}</SidebarShell>;
}
