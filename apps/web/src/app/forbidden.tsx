import { useTranslations } from "next-intl";
import { pageTitle } from "@/i18n/page-title";
import { AuthMain } from "@/components/ui/auth-card";
import Link from "next/link";

export const generateMetadata = pageTitle("forbidden");

/** What forbidden() answers with, status 403: today only the support console calls it. */
export default function Forbidden() {
  const t = useTranslations("auth");
  return (
    <AuthMain>
      <div className="max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p className="text-sm font-semibold text-red-700">403</p>
        <h1 className="mt-1 text-xl font-semibold text-slate-900">{t("staffOnly")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("staffOnlyText")}</p>
        <Link
          href="/dashboard"
          className="mt-6 inline-block rounded-md bg-slate-900 px-3.5 py-2 text-sm font-medium text-white hover:bg-slate-700"
        >
          {t("toYourDashboard")}
        </Link>
      </div>
    </AuthMain>
  );
}
