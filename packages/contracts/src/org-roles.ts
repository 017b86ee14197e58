/** Every role of a member in an organization, most powerful first (forms list them in this order); the database's OrgRole enum. */
export const ORG_ROLES = ["owner", "admin", "developer", "billing", "viewer"] as const;
