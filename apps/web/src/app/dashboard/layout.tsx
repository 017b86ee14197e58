import { DashboardNav } from "@/components/dashboard/nav";
import { VerifyEmailBanner } from "@/components/dashboard/verify-email-banner";
import { SidebarShell } from "@/components/ui/sidebar-shell";
import { requireSessionUser } from "@/server/auth/session";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireSessionUser("/dashboard");
  return (
    <SidebarShell nav={<DashboardNav email={user.email} role={user.role} />}>
      <VerifyEmailBanner />
      {children}
    </SidebarShell>
  );
}
