import type { OrgRole } from "@vgen/db";

/** Every role, most powerful first (forms list them in this order). */
export const ORG_ROLES = ["owner", "admin", "developer", "billing", "viewer"] as const satisfies readonly OrgRole[];
