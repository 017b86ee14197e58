import { pageTitle } from "@/i18n/page-title";
import { ModelsPanel } from "./models-panel";

export const generateMetadata = pageTitle("models");

export default function ModelsPage() {
  return <ModelsPanel />;
}
