/** Public surface of the engine's auth domain. Dashboard sign-in: passwords, two-factor codes, sessions, emailed links (verification, reset, email change), lockout. */
export { confirmOwner } from "./confirm-owner";
export { WrongPasswordError, changePassword, requestPasswordReset, resetLinkEmail, resetPassword } from "./credentials";
export { confirmEmailChange, requestEmailChange } from "./email-change";
export { sendVerificationLink, verifyEmail } from "./email-verification";
export { InvalidLinkError, issueLink } from "./link-tokens";
export { RECOVERY_CODE_COUNT } from "./recovery-codes";
export { SECOND_FACTOR_ATTEMPTS } from "./second-factor";
export {
  SESSION_MAX_AGE_SECONDS,
  createSession,
  listSessions,
  resolveSession,
  revokeAccountSessions,
  revokeOwnSession,
  revokeSession,
} from "./sessions";
export { SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS, signInWithPassword } from "./sign-in";
export {
  confirmTwoFactorEnrollment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  resetTwoFactorInTransaction,
  startTwoFactorEnrollment,
  twoFactorStatus,
} from "./two-factor";
export { hashNewPassword } from "./passwords";
