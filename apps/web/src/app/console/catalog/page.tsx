import { CatalogEditor } from "@/components/console/catalog-editor";
import { requireSessionUser } from "@/server/auth/session";

export const metadata = { title: "Catalog" };

export default async function ConsoleCatalogPage() {
  const user = await requireSessionUser("/console/catalog");
  return <CatalogEditor canEdit={user.role === "admin"} />;
}
