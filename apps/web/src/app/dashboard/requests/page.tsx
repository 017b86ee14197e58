import { Suspense } from "react";
import { env } from "@vgen/config";
import { Spinner } from "@/components/ui/states";
import { pageTitle } from "@/i18n/page-title";
import { RequestsPanel } from "./requests-panel";

export const generateMetadata = pageTitle("requests");

export default function RequestsPage() {
  return (
    <Suspense fallback={<Spinner />}>
      <RequestsPanel retentionDays={env().REQUEST_LOG_RETENTION_DAYS} />
    </Suspense>
  );
}
