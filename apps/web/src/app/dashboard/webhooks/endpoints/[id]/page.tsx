import { pageTitle } from "@/i18n/page-title";
import { EndpointDetail } from "./endpoint-detail";

export const generateMetadata = pageTitle("webhookEndpoint");

export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EndpointDetail id={decodeURIComponent(id)} />;
}
