import { createTRPCRouter, protectedProcedure, publicProcedure } from "../../trpc";
import { acceptHandler } from "./accept.handler";
import { AcceptInput } from "./accept.schema";
import { auditLogHandler } from "./auditLog.handler";
import { AuditLogInput } from "./auditLog.schema";
import { changeRoleHandler } from "./changeRole.handler";
import { createHandler } from "./create.handler";
import { CreateOrganizationInput } from "./create.schema";
import { ChangeRoleInput } from "./changeRole.schema";
import { invitationHandler } from "./invitation.handler";
import { InvitationInput } from "./invitation.schema";
import { invitationsHandler } from "./invitations.handler";
import { inviteHandler } from "./invite.handler";
import { InviteInput } from "./invite.schema";
import { listHandler } from "./list.handler";
import { membersHandler } from "./members.handler";
import { removeMemberHandler } from "./removeMember.handler";
import { RemoveMemberInput } from "./removeMember.schema";
import { revokeInvitationHandler } from "./revokeInvitation.handler";
import { RevokeInvitationInput } from "./revokeInvitation.schema";
import { switchHandler } from "./switch.handler";
import { SwitchInput } from "./switch.schema";
import { transferOwnershipHandler } from "./transferOwnership.handler";
import { TransferOwnershipInput } from "./transferOwnership.schema";

export const orgsRouter = createTRPCRouter({
  list: protectedProcedure.query(listHandler),
  switch: protectedProcedure.input(SwitchInput).mutation(switchHandler),
  create: protectedProcedure.input(CreateOrganizationInput).mutation(createHandler),
  invitation: publicProcedure.input(InvitationInput).query(invitationHandler),
  accept: protectedProcedure.input(AcceptInput).mutation(acceptHandler),
  members: protectedProcedure.query(membersHandler),
  invitations: protectedProcedure.query(invitationsHandler),
  invite: protectedProcedure.input(InviteInput).mutation(inviteHandler),
  revokeInvitation: protectedProcedure.input(RevokeInvitationInput).mutation(revokeInvitationHandler),
  changeRole: protectedProcedure.input(ChangeRoleInput).mutation(changeRoleHandler),
  removeMember: protectedProcedure.input(RemoveMemberInput).mutation(removeMemberHandler),
  transferOwnership: protectedProcedure.input(TransferOwnershipInput).mutation(transferOwnershipHandler),
  auditLog: protectedProcedure.input(AuditLogInput).query(auditLogHandler),
});
