import { z } from "zod";
import { ProjectId, ProjectName } from "./common.schema";

export const RenameProjectInput = z.object({ id: ProjectId, name: ProjectName });
