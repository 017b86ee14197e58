/** Public surface of the engine's audit domain. Writing the audit log: who did what to which account, and why. */
export { writeAuditRow } from "./audit-row";
