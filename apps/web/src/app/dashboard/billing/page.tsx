import { pageTitle } from "@/i18n/page-title";
import { BillingPanel } from "./billing-panel";

export const generateMetadata = pageTitle("billing");

export default function BillingPage() {
  return <BillingPanel />;
}
