import { pageTitle } from "@/i18n/page-title";
import { InvoicesPanel } from "./invoices-panel";

export const generateMetadata = pageTitle("invoices");

export default function InvoicesPage() {
  return <InvoicesPanel />;
}
