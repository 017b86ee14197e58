import type { OrgRole } from "@vgen/db";
import { accessOf, roleAllows, type Permission } from "@/server/permissions";

/**
 * The dashboard's pages, each with the permission its page reads first: the nav lists a page only to a
 * role the permission table lets read it (null: every member, e.g. their own security settings).
 */
const DASHBOARD_SECTIONS = [
  { href: "/dashboard", key: "overview", reads: "overview.summary" },
  { href: "/dashboard/api-keys", key: "apiKeys", reads: "apiKeys.list" },
  { href: "/dashboard/projects", key: "projects", reads: "projects.list" },
  { href: "/dashboard/quickstart", key: "quickstart", reads: null },
  { href: "/dashboard/playground", key: "playground", reads: "playground.create" },
  { href: "/dashboard/generations", key: "generations", reads: "generations.list" },
  { href: "/dashboard/models", key: "models", reads: "catalog.list" },
  { href: "/dashboard/billing", key: "billing", reads: "ledger.summary" },
  { href: "/dashboard/usage", key: "usage", reads: "stats.usage" },
  { href: "/dashboard/requests", key: "requests", reads: "requests.list" },
  { href: "/dashboard/subscriptions", key: "subscriptions", reads: "subscriptions.list" },
  { href: "/dashboard/invoices", key: "invoices", reads: "invoices.list" },
  { href: "/dashboard/test-balance", key: "testBalance", reads: "testBalance.list" },
  { href: "/dashboard/webhooks", key: "webhooks", reads: "webhooks.endpoints" },
  { href: "/dashboard/members", key: "members", reads: "orgs.members" },
  { href: "/dashboard/audit-log", key: "auditLog", reads: "orgs.auditLog" },
  { href: "/dashboard/sso", key: "sso", reads: "sso.overview" },
  { href: "/dashboard/security", key: "security", reads: null },
] as const satisfies readonly { href: string; key: string; reads: Permission | null }[];

export type DashboardSection = Pick<(typeof DASHBOARD_SECTIONS)[number], "href" | "key">;

/** The pages this member's role in the organization may open. */
export function sectionsFor(role: OrgRole): DashboardSection[] {
  return DASHBOARD_SECTIONS.filter((s) => s.reads === null || roleAllows(accessOf(s.reads) ?? "staff", role)).map(
    ({ href, key }) => ({ href, key }),
  );
}
