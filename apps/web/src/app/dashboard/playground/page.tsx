import { pageTitle } from "@/i18n/page-title";
import { PlaygroundPanel } from "./playground-panel";
import { prefillFrom } from "./prefill";

export const generateMetadata = pageTitle("playground");

export default async function PlaygroundPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const { model, id } = params;
  return (
    <PlaygroundPanel
      initialModel={typeof model === "string" ? model : undefined}
      initialGenerationId={typeof id === "string" ? id : undefined}
      prefill={prefillFrom(params)}
    />
  );
}
