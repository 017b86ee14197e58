import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { confirmTwoFactorHandler } from "./confirmTwoFactor.handler";
import { ConfirmTwoFactorInput } from "./confirmTwoFactor.schema";
import { deleteAccountHandler } from "./deleteAccount.handler";
import { DeleteAccountInput } from "./deleteAccount.schema";
import { disableTwoFactorHandler } from "./disableTwoFactor.handler";
import { DisableTwoFactorInput } from "./disableTwoFactor.schema";
import { regenerateRecoveryCodesHandler } from "./regenerateRecoveryCodes.handler";
import { RegenerateRecoveryCodesInput } from "./regenerateRecoveryCodes.schema";
import { revokeOtherSessionsHandler } from "./revokeOtherSessions.handler";
import { revokeSessionHandler } from "./revokeSession.handler";
import { RevokeSessionInput } from "./revokeSession.schema";
import { sessionsHandler } from "./sessions.handler";
import { startTwoFactorHandler } from "./startTwoFactor.handler";
import { twoFactorStatusHandler } from "./twoFactorStatus.handler";

/** The dashboard's Security page: two-factor sign-in, sessions, account deletion. */
export const securityRouter = createTRPCRouter({
  twoFactorStatus: protectedProcedure.query(twoFactorStatusHandler),
  startTwoFactor: protectedProcedure.mutation(startTwoFactorHandler),
  confirmTwoFactor: protectedProcedure.input(ConfirmTwoFactorInput).mutation(confirmTwoFactorHandler),
  disableTwoFactor: protectedProcedure.input(DisableTwoFactorInput).mutation(disableTwoFactorHandler),
  regenerateRecoveryCodes: protectedProcedure.input(RegenerateRecoveryCodesInput).mutation(regenerateRecoveryCodesHandler),
  sessions: protectedProcedure.query(sessionsHandler),
  revokeSession: protectedProcedure.input(RevokeSessionInput).mutation(revokeSessionHandler),
  revokeOtherSessions: protectedProcedure.mutation(revokeOtherSessionsHandler),
  deleteAccount: protectedProcedure.input(DeleteAccountInput).mutation(deleteAccountHandler),
});
