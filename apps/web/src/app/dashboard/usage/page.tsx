import { UsagePanel } from "./usage-panel";

export const metadata = { title: "Request statistics" };

export default function UsagePage() {
  return <UsagePanel />;
}
