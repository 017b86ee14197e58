import { cookies } from "next/headers";
import { DashboardNav } from "@/components/dashboard/nav";
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
  return (
    <SidebarShell nav={<DashboardNav email={user.email} role={user.role} livemode={livemode} />}>
      <VerifyEmailBanner />
      {!livemode && <TestModeBanner />}
      {children}
    </SidebarShell>
  );
}
