import { useTranslations } from "next-intl";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/card";
import { ChangeEmailPanel } from "./change-email-panel";
import { ChangePasswordPanel } from "./change-password-panel";
import { NotificationsPanel } from "./notifications-panel";
import { RetentionPanel } from "./retention-panel";

export const generateMetadata = pageTitle("account");

export default function AccountSettingsPage() {
  const t = useTranslations("account");
  const tn = useTranslations("nav");
  return (
    <>
      <PageHeader title={tn("accountSettings")} description={t("description")} />
      <div className="space-y-6">
        <ChangeEmailPanel />
        <ChangePasswordPanel />
        <RetentionPanel />
        <NotificationsPanel />
      </div>
    </>
  );
}
