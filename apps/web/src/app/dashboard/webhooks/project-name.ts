import { useTranslations } from "next-intl";

/**
 * How an endpoint's project reads in the dashboard: null is every project; an archived one says so;
 * an id the list does not (yet) hold shows as the id rather than as a wrong name.
 */
export function useProjectName(projects: { id: string; name: string; archivedAt: Date | string | null }[] | undefined) {
  const t = useTranslations("webhooks");
  const tp = useTranslations("projects");
  return (projectId: string | null) => {
    if (projectId === null) return tp("allProjects");
    const p = projects?.find((x) => x.id === projectId);
    if (!p) return projectId;
    return p.archivedAt ? t("archivedProject", { name: p.name }) : p.name;
  };
}
