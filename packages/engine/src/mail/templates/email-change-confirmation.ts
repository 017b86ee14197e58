import { signature } from "./common";

/** Sent to the NEW address when an owner asks to change their sign-in email. */
export function emailChangeConfirmationMail(input: { link: string; currentEmail: string; newEmail: string }) {
  return {
    kind: "email_change_confirmation" as const,
    subject: "Confirm your new email address",
    text: `The vgen account ${input.currentEmail} asked to use ${input.newEmail} as its sign-in email.
To confirm, open:

${input.link}

The link works once, for 24 hours. Nothing changes until it is opened.
If you did not ask for this, ignore this message.

${signature()}`,
  };
}
