import { z } from "zod";

export const ListProjectsInput = z.object({ includeArchived: z.boolean().default(false) }).default({ includeArchived: false });
