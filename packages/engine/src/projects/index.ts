/** Public surface of the engine's projects domain: an organization's projects, which own keys and limit their spend, rate and models (docs/api.md#projects). */
export { archiveProject } from "./archive-project";
export { createProject, MAX_PROJECTS } from "./create-project";
export { defaultProject, resolveProjectId } from "./resolve-project";
export type { ProjectLimits } from "./limits";
export { listProjects } from "./list-projects";
export {
  assertProjectAllowsModel,
  compileProjectRestrictions,
  projectAllowsModel,
  projectRateLimit,
  type ProjectRestrictions,
} from "./project-restrictions";
export { admitUnderProjectCap, projectMonthSpendMicros } from "./project-spend-cap";
export { renameProject } from "./rename-project";
export { updateProjectLimits } from "./update-project-limits";
