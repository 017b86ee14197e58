import { env } from "@vgen/config";
import { pageTitle } from "@/i18n/page-title";
import { QuickstartPanel } from "./quickstart-panel";

export const generateMetadata = pageTitle("quickstart");
export const dynamic = "force-dynamic";

export default function QuickstartPage() {
  return <QuickstartPanel baseUrl={env().PUBLIC_BASE_URL} />;
}
