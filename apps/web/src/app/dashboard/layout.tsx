import { cookies } from "next/headers";
import { getDb } from "@vgen/db";
import { activeMembership } from "@vgen/engine/orgs";
import { DashboardNav } from "@/components/dashboard/nav";
import { sectionsFor } from "@/components/dashboard/sections";
import { VerifyEmailBanner } from "@/components/dashboard/verify-email-banner";
import { SidebarShell } from "@/components/ui/sidebar-shell";
import { MODE_COOKIE, livemodeOfCookies } from "@/dashboard-mode/mode";
import { TestModeBanner } from "@/dashboard-mode/test-mode-banner";
import { requireSessionUser } from "@/server/auth/session";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireSessionUser("/dashboard");
  const mode = (await cookies()).get(MODE_COOKIE)?.value;
  const livemode = livemodeOfCookies(mode === undefined ? "" : `${MODE_COOKIE}=${mode}`);
  const { role } = await activeMembership(getDb(), user.sessionId, user.id);
  return (
    <SidebarShell nav={<DashboardNav email={user.email} sections={sectionsFor(role)} role={user.role} livemode={livemode} />}>
      <VerifyEmailBanner />
      {!livemode && <TestModeBanner />}
      {children}
    </SidebarShell>
  );
}
