import { DashboardNav } from "@/components/dashboard/nav";
import { requireSessionUser } from "@/server/auth/session";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireSessionUser("/dashboard");
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <aside className="border-b border-slate-200 bg-white p-4 md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <DashboardNav email={user.email} role={user.role} />
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-8 md:px-10">{children}</main>
    </div>
  );
}
