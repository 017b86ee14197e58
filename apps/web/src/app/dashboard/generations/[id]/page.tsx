import { pageTitle } from "@/i18n/page-title";
import { GenerationDetailPanel } from "./generation-detail-panel";

export const generateMetadata = pageTitle("generation");

export default async function GenerationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <GenerationDetailPanel id={id} />;
}
