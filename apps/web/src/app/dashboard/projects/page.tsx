import { pageTitle } from "@/i18n/page-title";
import { ProjectsPanel } from "./projects-panel";

export const generateMetadata = pageTitle("projects");

export default function ProjectsPage() {
  return <ProjectsPanel />;
}
