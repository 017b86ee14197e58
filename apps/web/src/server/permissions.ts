import type { OrgRole } from "@vgen/db";

/**
 * Who may call each dashboard tRPC procedure and /api/dashboard route: the one permission table.
 * - a list of roles: the caller's role in the organization the session acts for must be in it;
 * - "personal": any signed-in person, about their own login (password, two-factor, sessions, their organizations);
 * - "staff": the support console (staffProcedure/adminProcedure check the staff role);
 * - "public": no sign-in.
 * A procedure missing here is refused to everyone (apps/web/test/permissions.test.ts walks every procedure × every role).
 */
export type Access = "public" | "personal" | "staff" | readonly OrgRole[];

const EVERYONE = ["owner", "admin", "developer", "billing", "viewer"] as const;
const MANAGERS = ["owner", "admin"] as const;
/** Keys, playground, generations, webhooks, requests: building with the API. */
const BUILDERS = ["owner", "admin", "developer"] as const;
/** What builders may read, and viewers too (secrets excepted). */
const BUILD_READERS = ["owner", "admin", "developer", "viewer"] as const;
/** Balance, invoices, top-ups, spend alerts and caps. */
const PAYERS = ["owner", "admin", "billing"] as const;
const PAY_READERS = ["owner", "admin", "billing", "viewer"] as const;

export const PERMISSIONS = {
  "account.signUp": "public",
  "account.requestPasswordReset": "public",
  "account.resetPassword": "public",
  "account.me": EVERYONE,
  "account.changePassword": "personal",
  "account.resendVerification": "personal",
  "account.requestEmailChange": "personal",
  "account.setRetention": MANAGERS,
  "account.notificationSettings": "personal",
  "account.setNotificationSettings": "personal",

  "security.twoFactorStatus": "personal",
  "security.startTwoFactor": "personal",
  "security.confirmTwoFactor": "personal",
  "security.disableTwoFactor": "personal",
  "security.regenerateRecoveryCodes": "personal",
  "security.sessions": "personal",
  "security.revokeSession": "personal",
  "security.revokeOtherSessions": "personal",
  "security.deleteAccount": "personal",

  "orgs.list": "personal",
  "orgs.switch": "personal",
  "orgs.create": "personal",
  "orgs.invitation": "public",
  "orgs.accept": "personal",
  "orgs.members": EVERYONE,
  "orgs.invitations": MANAGERS,
  "orgs.invite": MANAGERS,
  "orgs.revokeInvitation": MANAGERS,
  "orgs.changeRole": MANAGERS,
  "orgs.removeMember": MANAGERS,
  "orgs.transferOwnership": ["owner"],
  "orgs.auditLog": MANAGERS,

  // Projects: managers shape them; everyone reads them (billing sees caps and spend, developers pick one for a key).
  "projects.list": EVERYONE,
  "projects.create": MANAGERS,
  "projects.rename": MANAGERS,
  "projects.updateLimits": MANAGERS,
  "projects.archive": MANAGERS,

  // Single sign-on decides who may become a member: owners only, like ownership itself.
  "sso.overview": ["owner"],
  "sso.claimDomain": ["owner"],
  "sso.verifyDomain": ["owner"],
  "sso.removeDomain": ["owner"],
  "sso.saveConnection": ["owner"],
  "sso.removeConnection": ["owner"],

  "overview.summary": EVERYONE,
  "catalog.list": EVERYONE,
  "stats.usage": EVERYONE,

  "apiKeys.list": BUILD_READERS,
  "apiKeys.create": BUILDERS,
  "apiKeys.revoke": BUILDERS,
  "apiKeys.rotate": BUILDERS,
  "apiKeys.restrict": BUILDERS,

  "playground.create": BUILDERS,
  "playground.quote": BUILDERS,
  "playground.get": BUILD_READERS,
  "generations.list": BUILD_READERS,
  "generations.get": BUILD_READERS,
  "generations.concat": BUILDERS,
  "requests.list": BUILD_READERS,
  "requests.get": BUILD_READERS,

  "webhooks.secret": BUILDERS,
  "webhooks.rotateSecret": BUILDERS,
  "webhooks.deliveries": BUILD_READERS,
  "webhooks.resend": BUILDERS,
  "webhooks.endpoints": BUILD_READERS,
  "webhooks.endpoint": BUILD_READERS,
  "webhooks.createEndpoint": BUILDERS,
  "webhooks.updateEndpoint": BUILDERS,
  "webhooks.deleteEndpoint": BUILDERS,
  "webhooks.rollEndpointSecret": BUILDERS,
  "webhooks.sendTestEvent": BUILDERS,
  "webhooks.resumeEndpoint": BUILDERS,

  "subscriptions.list": EVERYONE,
  "subscriptions.subscribe": BUILDERS,
  "subscriptions.setStatus": BUILDERS,
  "subscriptions.setCap": PAYERS,

  "ledger.summary": PAY_READERS,
  "ledger.list": PAY_READERS,
  "invoices.list": PAY_READERS,
  "invoices.createTopUp": PAYERS,
  "invoices.generateStatement": PAYERS,
  "alerts.get": PAY_READERS,
  "alerts.set": PAYERS,
  "testBalance.list": PAY_READERS,
  "testBalance.request": PAYERS,

  "support.search": "staff",
  "support.account": "staff",
  "support.resetTwoFactor": "staff",
  "support.ledger": "staff",
  "support.generations": "staff",
  "support.generation": "staff",
  "support.pendingTestBalance": "staff",
  "support.grantTestBalance": "staff",
  "support.declineTestBalance": "staff",
  "support.markInvoicePaid": "staff",
  "support.refund": "staff",
  "support.adjust": "staff",
  "support.setStatus": "staff",
  "support.revokeKey": "staff",
  "support.accountLink": "staff",
  "support.auditLog": "staff",
  "support.outbox": "staff",
  "support.outboxMessage": "staff",
  "support.catalog": "staff",
  "support.updateCatalog": "staff",
  "support.routes": "staff",
  "support.routeStats": "staff",
  "support.addRoute": "staff",
  "support.updateRoute": "staff",
  "support.reorderRoutes": "staff",
  "support.removeRoute": "staff",
  "support.resetRouteBreaker": "staff",

  // /api/dashboard routes (withSession names them).
  "route:ledger.csv": PAY_READERS,
  "route:invoices.document": PAY_READERS,
  "route:account-export": MANAGERS,
  "route:generations.events": BUILD_READERS,
} as const satisfies Record<string, Access>;

export type Permission = keyof typeof PERMISSIONS;

/** What the table says about this procedure or route for this role: allowed, refused, or not listed (refused). */
export function accessOf(path: string): Access | undefined {
  return (PERMISSIONS as Record<string, Access>)[path];
}

/** Whether a member with this role may call it; "personal" and "staff" entries are decided elsewhere (sign-in, staff role). */
export function roleAllows(access: Access, role: OrgRole): boolean {
  return typeof access === "string" ? access !== "public" : access.includes(role);
}
