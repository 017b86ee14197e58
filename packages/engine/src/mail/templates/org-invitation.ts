import { env } from "@vgen/config";
import { type Locale, formatUtc } from "@vgen/contracts";
import { signature } from "./common";

/** An invitation to join an organization: the link works once, until `expiresAt`, for this address only. */
export function orgInvitationMail(
  input: { organization: string; invitedBy: string; role: string; token: string; expiresAt: Date },
  locale: Locale,
) {
  const kind = "org_invitation" as const;
  const url = `${env().PUBLIC_BASE_URL}/invitations/${input.token}`;
  if (locale === "ru")
    return {
      kind,
      subject: `Приглашение в организацию ${input.organization} на vgen`,
      text: `${input.invitedBy} приглашает вас в организацию ${input.organization} на vgen (роль: ${input.role}).

Принять приглашение: ${url}
Если у вас ещё нет аккаунта, зарегистрируйтесь с этим адресом и откройте ссылку снова.
Ссылка действует до ${formatUtc(input.expiresAt)}. Если вы не ждали приглашения, ничего делать не нужно.

${signature()}`,
    };
  return {
    kind,
    subject: `You are invited to ${input.organization} on vgen`,
    text: `${input.invitedBy} invites you to the organization ${input.organization} on vgen (role: ${input.role}).

Accept the invitation: ${url}
No account yet? Sign up with this address, then open the link again.
The link works until ${formatUtc(input.expiresAt)}. If you did not expect this, there is nothing to do.

${signature()}`,
  };
}
