import { useTranslations } from "next-intl";
import { PageHeader } from "@/components/ui/card";
import { pageTitle } from "@/i18n/page-title";
import { SsoPanel } from "./sso-panel";

export const generateMetadata = pageTitle("sso");

export default function SsoPage() {
  const t = useTranslations("sso");
  return (
    <>
      <PageHeader title={t("title")} description={t("intro")} />
      <SsoPanel />
    </>
  );
}
