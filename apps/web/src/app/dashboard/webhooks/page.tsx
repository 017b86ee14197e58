import { pageTitle } from "@/i18n/page-title";
import { WebhooksPanel } from "./webhooks-panel";

export const generateMetadata = pageTitle("webhooks");

export default function WebhooksPage() {
  return <WebhooksPanel />;
}
