import { OutboxView } from "@/components/console/outbox";

export const metadata = { title: "Mail outbox" };

export default async function ConsoleOutboxPage({ searchParams }: { searchParams: Promise<{ to?: string | string[] }> }) {
  const { to } = await searchParams;
  return <OutboxView initialRecipient={(Array.isArray(to) ? to[0] : to) ?? ""} />;
}
