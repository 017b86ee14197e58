import { useTranslations } from "next-intl";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/card";
import { AccountDataCard } from "./account-data-card";
import { SessionsCard } from "./sessions-card";
import { TwoFactorCard } from "./two-factor-card";

export const generateMetadata = pageTitle("security");

export default function SecurityPage() {
  const t = useTranslations("security");
  const tn = useTranslations("nav");
  return (
    <>
      <PageHeader title={tn("security")} description={t("description")} />
      <div className="space-y-6">
        <TwoFactorCard />
        <SessionsCard />
        <AccountDataCard />
      </div>
    </>
  );
}
