import { createTRPCRouter, protectedProcedure, publicProcedure } from "../../trpc";
import { meHandler } from "./me.handler";
import { changePasswordHandler, requestResetHandler, resetPasswordHandler } from "./password.handler";
import { ChangePasswordInput, RequestResetInput, ResetPasswordInput } from "./password.schema";
import { signUpHandler } from "./signUp.handler";
import { SignUpInput } from "./signUp.schema";
import { resendVerificationHandler } from "./verification.handler";

export const accountRouter = createTRPCRouter({
  signUp: publicProcedure.input(SignUpInput).mutation(signUpHandler),
  me: protectedProcedure.query(meHandler),
  requestPasswordReset: publicProcedure.input(RequestResetInput).mutation(requestResetHandler),
  resetPassword: publicProcedure.input(ResetPasswordInput).mutation(resetPasswordHandler),
  changePassword: protectedProcedure.input(ChangePasswordInput).mutation(changePasswordHandler),
  resendVerification: protectedProcedure.mutation(resendVerificationHandler),
});
