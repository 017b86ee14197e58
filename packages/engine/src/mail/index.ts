/** Public surface of the engine's mail domain. Account emails: the outbox (a message is queued in its cause's transaction), the SMTP worker, one template per kind. */
export { queueMail } from "./outbox";
export type { OutboundMail } from "./outbox";
