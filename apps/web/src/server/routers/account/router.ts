import { createTRPCRouter, protectedProcedure, publicProcedure } from "../../trpc";
import { requestEmailChangeHandler } from "./email.handler";
import { RequestEmailChangeInput } from "./email.schema";
import { meHandler } from "./me.handler";
import { changePasswordHandler, requestResetHandler, resetPasswordHandler } from "./password.handler";
import { ChangePasswordInput, RequestResetInput, ResetPasswordInput } from "./password.schema";
import { signUpHandler } from "./signUp.handler";
import { SignUpInput } from "./signUp.schema";
import { setRetentionHandler } from "./retention.handler";
import { SetRetentionInput } from "./retention.schema";
import { resendVerificationHandler } from "./verification.handler";

export const accountRouter = createTRPCRouter({
  signUp: publicProcedure.input(SignUpInput).mutation(signUpHandler),
  me: protectedProcedure.query(meHandler),
  requestPasswordReset: publicProcedure.input(RequestResetInput).mutation(requestResetHandler),
  resetPassword: publicProcedure.input(ResetPasswordInput).mutation(resetPasswordHandler),
  changePassword: protectedProcedure.input(ChangePasswordInput).mutation(changePasswordHandler),
  resendVerification: protectedProcedure.mutation(resendVerificationHandler),
  setRetention: protectedProcedure.input(SetRetentionInput).mutation(setRetentionHandler),
  requestEmailChange: protectedProcedure.input(RequestEmailChangeInput).mutation(requestEmailChangeHandler),
});
