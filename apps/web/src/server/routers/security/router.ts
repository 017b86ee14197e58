import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { deleteAccountHandler } from "./deleteAccount.handler";
import { DeleteAccountInput } from "./deleteAccount.schema";
import { listSessionsHandler, revokeOtherSessionsHandler, revokeSessionHandler } from "./sessions.handler";
import { RevokeSessionInput } from "./sessions.schema";
import {
  confirmTwoFactorHandler,
  disableTwoFactorHandler,
  regenerateRecoveryCodesHandler,
  startTwoFactorHandler,
  twoFactorStatusHandler,
} from "./twoFactor.handler";
import { ConfirmTwoFactorInput, OwnerConfirmationInput } from "./twoFactor.schema";

/** The dashboard's Security page: two-factor sign-in, sessions, account deletion. */
export const securityRouter = createTRPCRouter({
  twoFactorStatus: protectedProcedure.query(twoFactorStatusHandler),
  startTwoFactor: protectedProcedure.mutation(startTwoFactorHandler),
  confirmTwoFactor: protectedProcedure.input(ConfirmTwoFactorInput).mutation(confirmTwoFactorHandler),
  disableTwoFactor: protectedProcedure.input(OwnerConfirmationInput).mutation(disableTwoFactorHandler),
  regenerateRecoveryCodes: protectedProcedure.input(OwnerConfirmationInput).mutation(regenerateRecoveryCodesHandler),
  sessions: protectedProcedure.query(listSessionsHandler),
  revokeSession: protectedProcedure.input(RevokeSessionInput).mutation(revokeSessionHandler),
  revokeOtherSessions: protectedProcedure.mutation(revokeOtherSessionsHandler),
  deleteAccount: protectedProcedure.input(DeleteAccountInput).mutation(deleteAccountHandler),
});
