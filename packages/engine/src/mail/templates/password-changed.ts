import { mailTime, signature } from "./common";

/** Sent after a password change or a reset, so an owner learns of one they did not make. */
export function passwordChangedMail(input: { email: string; at: Date }) {
  return {
    kind: "password_changed" as const,
    subject: "Your password was changed",
    text: `The password of your vgen account ${input.email} was changed at ${mailTime(input.at)}.
Other sessions were signed out.

If you did not make this change, reset your password from the sign-in page ("Forgot password?")
and contact support.

${signature()}`,
  };
}
