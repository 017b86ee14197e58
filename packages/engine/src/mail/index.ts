/** Public surface of the engine's mail domain. Account emails: the outbox (a message is queued in its cause's transaction), the SMTP worker, one template per kind. */
export { queueMail } from "./outbox";
export type { OutboundMail } from "./outbox";
export { mailLocale } from "./templates/common";
export { passwordChangedMail } from "./templates/password-changed";
export { passwordResetMail } from "./templates/password-reset";
export { emailChangeConfirmationMail } from "./templates/email-change-confirmation";
export { emailChangeNoticeMail } from "./templates/email-change-notice";
export { emailVerificationMail } from "./templates/email-verification";
export { webhookPausedMail } from "./templates/webhook-paused";
export { startMailWorker } from "./worker";
export { balanceLowMail } from "./templates/balance-low";
export { spendThresholdMail } from "./templates/spend-threshold";
export { signUpAttemptMail } from "./templates/sign-up-attempt";
export { orgInvitationMail } from "./templates/org-invitation";
