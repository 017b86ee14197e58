import { useTranslations } from "next-intl";
import { PageHeader } from "@/components/ui/card";
import { pageTitle } from "@/i18n/page-title";
import { MembersPanel } from "./members-panel";

export const generateMetadata = pageTitle("members");

export default function MembersPage() {
  const t = useTranslations("orgs");
  return (
    <>
      <PageHeader title={t("membersTitle")} description={t("membersDescription")} />
      <MembersPanel />
    </>
  );
}
