import { OverviewPanel } from "./overview-panel";

export const metadata = { title: "Overview" };

export default function DashboardHome() {
  return <OverviewPanel />;
}
