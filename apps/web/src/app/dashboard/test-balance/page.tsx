import { pageTitle } from "@/i18n/page-title";
import { TestBalancePanel } from "./test-balance-panel";

export const generateMetadata = pageTitle("testBalance");

export default function TestBalancePage() {
  return <TestBalancePanel />;
}
