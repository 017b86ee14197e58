import type { OrgRole } from "@vgen/db";

/** Every role, most powerful first (the members page lists them in this order). */
export const ORG_ROLES = ["owner", "admin", "developer", "billing", "viewer"] as const satisfies readonly OrgRole[];

/** Owners and admins manage members and invitations; only an owner hands out or takes away ownership. */
export const MANAGES_MEMBERS: readonly OrgRole[] = ["owner", "admin"];
