import { signature } from "./common";

/** Sent from "Forgot password?" on the sign-in page. */
export function passwordResetMail(link: string) {
  return {
    kind: "password_reset" as const,
    subject: "Reset your password",
    text: `Someone asked to reset the password of your vgen account. To choose a new one, open:

${link}

The link works once, for 1 hour. Setting a new password signs you out everywhere.
If it was not you, ignore this message: your password stays as it is.

${signature()}`,
  };
}
