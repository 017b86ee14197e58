import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import Link from "next/link";
import { getDb } from "@vgen/db";
import { InvalidLinkError, verifyEmail } from "@vgen/engine/auth";
import { AuthMain, AuthMessageCard } from "@/components/ui/auth-card";

export const generateMetadata = pageTitle("verifyEmail");
export const dynamic = "force-dynamic";

async function verify(token: string | string[] | undefined): Promise<{ email: string } | { error: "verifyLinkBroken" }> {
  if (typeof token !== "string" || token.length > 100) return { error: "verifyLinkBroken" };
  try {
    return await verifyEmail(getDb(), token);
  } catch (err) {
    if (err instanceof InvalidLinkError) return { error: "verifyLinkBroken" };
    throw err;
  }
}

/** Opening the link is the proof of ownership, so the page verifies on load. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const result = await verify((await searchParams).token);
  const t = await getTranslations("auth");
  return (
    <AuthMain>
      <AuthMessageCard title={"email" in result ? t("emailVerified") : t("linkBroken")}>
        {"email" in result ? (
          <p role="status" className="text-sm text-slate-700">
            {t("verified", { email: result.email })}
          </p>
        ) : (
          <p role="alert" className="text-sm text-slate-700">
            {t(result.error)}
          </p>
        )}
        <Link className="text-sm font-medium text-slate-900 underline" href="/dashboard/api-keys">
          {t("toDashboard")}
        </Link>
      </AuthMessageCard>
    </AuthMain>
  );
}
