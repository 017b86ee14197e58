import { AccountReview } from "@/components/console/account-review";

export const metadata = { title: "Account" };

export default async function ConsoleAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AccountReview accountId={decodeURIComponent(id)} />;
}
