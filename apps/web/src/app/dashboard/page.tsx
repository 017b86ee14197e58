import { pageTitle } from "@/i18n/page-title";
import { OverviewPanel } from "./overview-panel";

export const generateMetadata = pageTitle("overview");

export default function DashboardHome() {
  return <OverviewPanel />;
}
