import { z } from "zod";
import { ProjectId } from "./common.schema";

export const ArchiveProjectInput = z.object({ id: ProjectId });
