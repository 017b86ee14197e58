import { createTRPCRouter, protectedProcedure, publicProcedure } from "../../trpc";
import { changePasswordHandler } from "./changePassword.handler";
import { ChangePasswordInput } from "./changePassword.schema";
import { meHandler } from "./me.handler";
import { notificationSettingsHandler } from "./notificationSettings.handler";
import { requestEmailChangeHandler } from "./requestEmailChange.handler";
import { RequestEmailChangeInput } from "./requestEmailChange.schema";
import { requestPasswordResetHandler } from "./requestPasswordReset.handler";
import { RequestResetInput } from "./requestPasswordReset.schema";
import { resendVerificationHandler } from "./resendVerification.handler";
import { resetPasswordHandler } from "./resetPassword.handler";
import { ResetPasswordInput } from "./resetPassword.schema";
import { setRetentionHandler } from "./setRetention.handler";
import { SetRetentionInput } from "./setRetention.schema";
import { setNotificationSettingsHandler } from "./setNotificationSettings.handler";
import { SetNotificationSettingsInput } from "./setNotificationSettings.schema";
import { signUpHandler } from "./signUp.handler";
import { SignUpInput } from "./signUp.schema";

export const accountRouter = createTRPCRouter({
  signUp: publicProcedure.input(SignUpInput).mutation(signUpHandler),
  me: protectedProcedure.query(meHandler),
  requestPasswordReset: publicProcedure.input(RequestResetInput).mutation(requestPasswordResetHandler),
  resetPassword: publicProcedure.input(ResetPasswordInput).mutation(resetPasswordHandler),
  changePassword: protectedProcedure.input(ChangePasswordInput).mutation(changePasswordHandler),
  resendVerification: protectedProcedure.mutation(resendVerificationHandler),
  setRetention: protectedProcedure.input(SetRetentionInput).mutation(setRetentionHandler),
  requestEmailChange: protectedProcedure.input(RequestEmailChangeInput).mutation(requestEmailChangeHandler),
  notificationSettings: protectedProcedure.query(notificationSettingsHandler),
  setNotificationSettings: protectedProcedure.input(SetNotificationSettingsInput).mutation(setNotificationSettingsHandler),
});
