import { createTRPCRouter, protectedProcedure, publicProcedure } from "../../trpc";
import { meHandler } from "./me.handler";
import { signUpHandler } from "./signUp.handler";
import { SignUpInput } from "./signUp.schema";

export const accountRouter = createTRPCRouter({
  signUp: publicProcedure.input(SignUpInput).mutation(signUpHandler),
  me: protectedProcedure.query(meHandler),
});
