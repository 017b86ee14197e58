import { pageTitle } from "@/i18n/page-title";
import { SubscriptionsPanel } from "./subscriptions-panel";

export const generateMetadata = pageTitle("subscriptions");

export default function SubscriptionsPage() {
  return <SubscriptionsPanel />;
}
