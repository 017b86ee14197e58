import { AuditLogView } from "@/components/console/audit-log";

export const metadata = { title: "Audit log" };

export default async function ConsoleAuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  return <AuditLogView initial={{ accountId: one(sp.account), actor: one(sp.actor), action: one(sp.action) }} />;
}
