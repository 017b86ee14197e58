import { Suspense } from "react";
import { Spinner } from "@/components/ui/states";
import { RequestDetail } from "./request-detail";

export const metadata = { title: "Request" };

export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<Spinner />}>
      <RequestDetail id={decodeURIComponent(id)} />
    </Suspense>
  );
}
