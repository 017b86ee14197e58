import { pageTitle } from "@/i18n/page-title";
import { UsagePanel } from "./usage-panel";

export const generateMetadata = pageTitle("usage");

export default function UsagePage() {
  return <UsagePanel />;
}
