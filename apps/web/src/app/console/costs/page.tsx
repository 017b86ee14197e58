import { RouteCosts } from "@/components/console/route-costs";

export const metadata = { title: "Costs" };

export default function ConsoleCostsPage() {
  return <RouteCosts />;
}
