import { signature } from "./common";

/** Sent on sign-up and from the dashboard banner's "Send a new link". */
export function emailVerificationMail(link: string) {
  return {
    kind: "email_verification" as const,
    subject: "Verify your email address",
    text: `Open this link to verify your email address for vgen:

${link}

The link works once, for 3 days. Until your address is verified the dashboard issues no API keys.
If you did not sign up, ignore this message.

${signature()}`,
  };
}
