import { inviteMember } from "@vgen/engine/orgs";
import { db, uniqueEmail } from "./fixtures";

/** The token of the invitation link emailed to `email` (the outbox keeps every message). */
export async function invitationTokenSentTo(email: string): Promise<string> {
  const mail = await db().outboundEmail.findFirstOrThrow({ where: { to: email, kind: "org_invitation" } });
  const token = /\/invitations\/(\w+)/.exec(mail.text)?.[1];
  if (!token) throw new Error("the invitation email carries no link");
  return token;
}

/** Invites a new address into the account's organization, as its owner, and returns the emailed link's token. */
export async function pendingInvitationToken(accountId: string): Promise<string> {
  const email = uniqueEmail("invitee");
  await inviteMember(db(), { accountId, inviter: { id: accountId, role: "owner" }, email, role: "developer" });
  return invitationTokenSentTo(email);
}
