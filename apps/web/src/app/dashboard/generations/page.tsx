import { GenerationsPanel } from "./generations-panel";

export const metadata = { title: "Generations" };

export default function GenerationsPage() {
  return <GenerationsPanel />;
}
