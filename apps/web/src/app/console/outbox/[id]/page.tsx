import { OutboxMessage } from "@/components/console/outbox-message";

export const metadata = { title: "Email" };

export default async function ConsoleOutboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OutboxMessage emailId={decodeURIComponent(id)} />;
}
