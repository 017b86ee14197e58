import { RoutesEditor } from "@/components/console/routes-editor";
import { requireSessionUser } from "@/server/auth/session";

export const metadata = { title: "Routes" };

export default async function ConsoleRoutesPage() {
  const user = await requireSessionUser("/console/routes");
  return <RoutesEditor canEdit={user.role === "admin"} />;
}
