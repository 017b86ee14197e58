import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import Link from "next/link";
import { ApiError } from "@vgen/contracts";
import { getDb } from "@vgen/db";
import { confirmEmailChange } from "@vgen/engine/auth";
import { AuthMain, AuthMessageCard } from "@/components/ui/auth-card";

export const generateMetadata = pageTitle("confirmEmail");
export const dynamic = "force-dynamic";

async function confirm(
  token: string | string[] | undefined,
): Promise<{ email: string } | { error: "emailLinkBroken" | "emailTaken" }> {
  if (typeof token !== "string" || token.length > 100) return { error: "emailLinkBroken" };
  try {
    return await confirmEmailChange(getDb(), token);
  } catch (err) {
    // An invalid link, or an address another account took after the link was sent.
    if (err instanceof ApiError && err.code === "invalid_link") return { error: "emailLinkBroken" };
    if (err instanceof ApiError && err.code === "email_taken") return { error: "emailTaken" };
    throw err;
  }
}

/** Opening the link is the proof that the new address receives mail, so the page confirms on load (like /verify-email). */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const result = await confirm((await searchParams).token);
  const t = await getTranslations("auth");
  return (
    <AuthMain>
      <AuthMessageCard title={"email" in result ? t("emailChanged") : t("linkBroken")}>
        {"email" in result ? (
          <p role="status" className="text-sm text-slate-700">
            {t("signInWith", { email: result.email })}
          </p>
        ) : (
          <p role="alert" className="text-sm text-slate-700">
            {t(result.error)}
          </p>
        )}
        <Link className="text-sm font-medium text-slate-900 underline" href="/dashboard/account">
          {t("toAccountSettings")}
        </Link>
      </AuthMessageCard>
    </AuthMain>
  );
}
