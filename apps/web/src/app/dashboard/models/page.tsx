import { ModelsPanel } from "./models-panel";

export const metadata = { title: "Models" };

export default function ModelsPage() {
  return <ModelsPanel />;
}
