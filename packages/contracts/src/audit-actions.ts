/**
 * The closed list of what an organization's owners and admins see in their audit log (the dashboard
 * names each one). Staff rows (support actions) share the table but stay out of the customer view
 * unless their action is here (a bank-transfer top-up marked paid by support is `balance.topped_up`).
 */
export const CUSTOMER_AUDIT_ACTIONS = [
  "organization.created",
  "member.invited",
  "member.removed",
  "member.role_changed",
  "invitation.revoked",
  "ownership.transferred",
  "key.created",
  "key.revoked",
  "key.rotated",
  "key.restricted",
  "cap.changed",
  "subscription.changed",
  "balance.topped_up",
  "webhook_endpoint.created",
  "webhook_endpoint.updated",
  "webhook_endpoint.deleted",
  "webhook_endpoint.secret_rolled",
  "settings.changed",
  "project.created",
  "project.renamed",
  "project.limits_changed",
  "project.archived",
] as const;

export type CustomerAuditAction = (typeof CUSTOMER_AUDIT_ACTIONS)[number];
