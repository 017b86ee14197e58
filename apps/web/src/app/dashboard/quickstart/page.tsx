import { config } from "@vgen/engine/platform";
import { QuickstartPanel } from "./quickstart-panel";

export const metadata = { title: "Quick start" };
export const dynamic = "force-dynamic";

export default function QuickstartPage() {
  return <QuickstartPanel baseUrl={config().publicBaseUrl} />;
}
