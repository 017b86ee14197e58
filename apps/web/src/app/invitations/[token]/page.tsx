import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getDb } from "@vgen/db";
import { previewInvitation } from "@vgen/engine/orgs";
import { AuthMain, AuthMessageCard } from "@/components/ui/auth-card";
import { pageTitle } from "@/i18n/page-title";
import { getSessionUser } from "@/server/auth/session";
import { AcceptInvitation } from "./accept-invitation";

export const generateMetadata = pageTitle("invitation");
export const dynamic = "force-dynamic";

const TOKEN = /^[1-9A-HJ-NP-Za-km-z]{20,64}$/;

/** An emailed invitation: who invites to what, then accept (signed in) or sign in / sign up first. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("orgs");
  const invitation = TOKEN.test(token) ? await previewInvitation(getDb(), token) : null;
  if (!invitation)
    return (
      <AuthMain>
        <AuthMessageCard title={t("invitationBroken")}>
          <p className="text-sm text-slate-700">{t("invitationBrokenText")}</p>
        </AuthMessageCard>
      </AuthMain>
    );
  const user = await getSessionUser();
  const back = `/invitations/${token}`;
  return (
    <AuthMain>
      <AuthMessageCard title={t("invitationTitle", { organization: invitation.organization })}>
        <p className="text-sm text-slate-700">
          {t("invitationText", { email: invitation.email, role: t(`roles.${invitation.role}`) })}
        </p>
        {user ? (
          <AcceptInvitation token={token} signedInAs={user.email} />
        ) : (
          <p className="text-sm text-slate-700">
            {t.rich("signInToAccept", {
              signin: (chunks) => (
                <Link href={`/signin?callbackUrl=${encodeURIComponent(back)}`} className="font-medium text-slate-900 underline">
                  {chunks}
                </Link>
              ),
              signup: (chunks) => (
                <Link href="/signup" className="font-medium text-slate-900 underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        )}
      </AuthMessageCard>
    </AuthMain>
  );
}
