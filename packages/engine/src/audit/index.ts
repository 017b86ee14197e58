/** Public surface of the engine's audit domain. Writing the audit log: who did what to which account, and why; the organization's own view of it. */
export { writeAuditRow } from "./audit-row";
export { writeMemberAuditRow, type MemberActor } from "./member-row";
export { listCustomerAuditLog } from "./customer-log";
