import { Suspense } from "react";
import { env } from "@vgen/config";
import { Spinner } from "@/components/ui/states";
import { RequestsPanel } from "./requests-panel";

export const metadata = { title: "Requests" };

export default function RequestsPage() {
  return (
    <Suspense fallback={<Spinner />}>
      <RequestsPanel retentionDays={env().REQUEST_LOG_RETENTION_DAYS} />
    </Suspense>
  );
}
