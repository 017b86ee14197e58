import { BillingPanel } from "./billing-panel";

export const metadata = { title: "Balance & history" };

export default function BillingPage() {
  return <BillingPanel />;
}
