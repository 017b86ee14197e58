import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { archiveHandler } from "./archive.handler";
import { ArchiveProjectInput } from "./archive.schema";
import { createHandler } from "./create.handler";
import { CreateProjectInput } from "./create.schema";
import { listHandler } from "./list.handler";
import { ListProjectsInput } from "./list.schema";
import { renameHandler } from "./rename.handler";
import { RenameProjectInput } from "./rename.schema";
import { updateLimitsHandler } from "./updateLimits.handler";
import { UpdateProjectLimitsInput } from "./updateLimits.schema";

export const projectsRouter = createTRPCRouter({
  list: protectedProcedure.input(ListProjectsInput).query(listHandler),
  create: protectedProcedure.input(CreateProjectInput).mutation(createHandler),
  rename: protectedProcedure.input(RenameProjectInput).mutation(renameHandler),
  updateLimits: protectedProcedure.input(UpdateProjectLimitsInput).mutation(updateLimitsHandler),
  archive: protectedProcedure.input(ArchiveProjectInput).mutation(archiveHandler),
});
