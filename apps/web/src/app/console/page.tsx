import { AccountSearch } from "@/components/console/account-search";

export const metadata = { title: "Find an account" };

export default function ConsoleHome() {
  return <AccountSearch />;
}
