import { PlaygroundPanel } from "./playground-panel";

export const metadata = { title: "Playground" };

export default async function PlaygroundPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { model, id } = await searchParams;
  return (
    <PlaygroundPanel
      initialModel={typeof model === "string" ? model : undefined}
      initialGenerationId={typeof id === "string" ? id : undefined}
    />
  );
}
