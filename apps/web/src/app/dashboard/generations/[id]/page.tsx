import { GenerationDetailPanel } from "./generation-detail-panel";

export const metadata = { title: "Generation" };

export default async function GenerationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <GenerationDetailPanel id={id} />;
}
