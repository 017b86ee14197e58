import { pageTitle } from "@/i18n/page-title";
import { GenerationsPanel } from "./generations-panel";

export const generateMetadata = pageTitle("generations");

export default function GenerationsPage() {
  return <GenerationsPanel />;
}
