import { GenerationReview } from "@/components/console/generation-review";

export const metadata = { title: "Generation" };

export default async function ConsoleGenerationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <GenerationReview generationId={decodeURIComponent(id)} />;
}
