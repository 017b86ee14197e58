import { z } from "zod";
import { ProjectId, ProjectLimitsInput } from "./common.schema";

/** Replaces all of a project's limits (the form sends the whole set). */
export const UpdateProjectLimitsInput = z.object({ id: ProjectId, ...ProjectLimitsInput.shape });
