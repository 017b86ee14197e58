import { useTranslations } from "next-intl";
import { pageTitle } from "@/i18n/page-title";
import { ProblemPage } from "@/components/problem-page";

export const generateMetadata = pageTitle("notFound");

/** Any path no page or route answers (status 404), and every notFound() call. */
export default function NotFound() {
  const t = useTranslations("problemPage");
  return <ProblemPage code="404" title={t("notFoundTitle")} text={t("notFoundText")} />;
}
