import { WebhooksPanel } from "./webhooks-panel";

export const metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return <WebhooksPanel />;
}
