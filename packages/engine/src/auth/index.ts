/** Public surface of the engine's auth domain. Dashboard sign-in: passwords, sessions, emailed links (verification, reset), lockout. */
export { WrongPasswordError, changePassword, requestPasswordReset, resetLinkEmail, resetPassword } from "./credentials";
export { sendVerificationLink, verifyEmail } from "./email-verification";
export { InvalidLinkError, issueLink } from "./link-tokens";
export { SESSION_MAX_AGE_SECONDS, createSession, resolveSession, revokeSession } from "./sessions";
export { SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS, SIGN_IN_MESSAGES, signInWithPassword } from "./sign-in";
