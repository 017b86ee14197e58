import { Suspense } from "react";
import { Spinner } from "@/components/ui/states";
import { pageTitle } from "@/i18n/page-title";
import { RequestDetail } from "./request-detail";

export const generateMetadata = pageTitle("request");

export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<Spinner />}>
      <RequestDetail id={decodeURIComponent(id)} />
    </Suspense>
  );
}
