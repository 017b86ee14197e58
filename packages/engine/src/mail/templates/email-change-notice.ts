import { mailTime, signature } from "./common";

/** Sent to the OLD address once an email change is confirmed, so a takeover does not go unnoticed. */
export function emailChangeNoticeMail(input: { oldEmail: string; newEmail: string; at: Date }) {
  return {
    kind: "email_change_notice" as const,
    subject: "Your sign-in email was changed",
    text: `The sign-in email of your vgen account was changed from ${input.oldEmail} to ${input.newEmail}
at ${mailTime(input.at)}. Messages about the account now go to the new address.

If you did not make this change, contact support at once and quote this message.

${signature()}`,
  };
}
