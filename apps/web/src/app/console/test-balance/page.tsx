import { PendingTestBalance } from "@/components/console/pending-test-balance";

export const metadata = { title: "Test balance requests" };

export default function ConsoleTestBalancePage() {
  return <PendingTestBalance />;
}
