import { z } from "zod";
import { ProjectLimitsInput, ProjectName } from "./common.schema";

export const CreateProjectInput = z.object({ name: ProjectName, ...ProjectLimitsInput.shape });
