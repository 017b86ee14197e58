import { InvoicesPanel } from "./invoices-panel";

export const metadata = { title: "Invoices & receipts" };

export default function InvoicesPage() {
  return <InvoicesPanel />;
}
