import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import Link from "next/link";
import { getDb } from "@vgen/db";
import { resetLinkEmail } from "@vgen/engine/auth";
import { AuthMain, AuthMessageCard } from "@/components/ui/auth-card";
import { ResetPasswordForm } from "./reset-password-form";

export const generateMetadata = pageTitle("resetPassword");
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const t = await getTranslations("auth");
  const email = typeof token === "string" && token.length <= 100 ? await resetLinkEmail(getDb(), token) : null;
  return (
    <AuthMain>
      {email && typeof token === "string" ? (
        <ResetPasswordForm token={token} email={email} />
      ) : (
        <AuthMessageCard title={t("linkBroken")}>
          <p role="alert" className="text-sm text-slate-700">
            {t("resetLinkBroken")}
          </p>
          <Link className="text-sm font-medium text-slate-900 underline" href="/forgot-password">
            {t("askNewLink")}
          </Link>
        </AuthMessageCard>
      )}
    </AuthMain>
  );
}
