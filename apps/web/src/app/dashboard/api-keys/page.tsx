import { pageTitle } from "@/i18n/page-title";
import { ApiKeysPanel } from "./api-keys-panel";

export const generateMetadata = pageTitle("apiKeys");

export default function ApiKeysPage() {
  return <ApiKeysPanel />;
}
