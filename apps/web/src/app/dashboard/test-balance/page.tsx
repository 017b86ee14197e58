import { TestBalancePanel } from "./test-balance-panel";

export const metadata = { title: "Test balance" };

export default function TestBalancePage() {
  return <TestBalancePanel />;
}
