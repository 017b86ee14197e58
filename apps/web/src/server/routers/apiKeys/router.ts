import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { createHandler } from "./create.handler";
import { CreateKeyInput } from "./create.schema";
import { listHandler } from "./list.handler";
import { restrictHandler } from "./restrict.handler";
import { RestrictKeyInput } from "./restrict.schema";
import { revokeHandler } from "./revoke.handler";
import { KeyIdInput } from "./revoke.schema";
import { rotateHandler } from "./rotate.handler";
import { RotateKeyInput } from "./rotate.schema";

export const apiKeysRouter = createTRPCRouter({
  list: protectedProcedure.query(listHandler),
  create: protectedProcedure.input(CreateKeyInput).mutation(createHandler),
  revoke: protectedProcedure.input(KeyIdInput).mutation(revokeHandler),
  rotate: protectedProcedure.input(RotateKeyInput).mutation(rotateHandler),
  restrict: protectedProcedure.input(RestrictKeyInput).mutation(restrictHandler),
});
