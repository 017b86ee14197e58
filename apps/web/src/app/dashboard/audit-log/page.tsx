import { useTranslations } from "next-intl";
import { PageHeader } from "@/components/ui/card";
import { pageTitle } from "@/i18n/page-title";
import { AuditLogPanel } from "./audit-log-panel";

export const generateMetadata = pageTitle("auditLog");

export default function AuditLogPage() {
  const t = useTranslations("auditLog");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <AuditLogPanel />
    </>
  );
}
