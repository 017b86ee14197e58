import { SubscriptionsPanel } from "./subscriptions-panel";

export const metadata = { title: "My subscriptions" };

export default function SubscriptionsPage() {
  return <SubscriptionsPanel />;
}
