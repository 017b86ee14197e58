/** Public surface of the engine's orgs domain: organizations (the accounts people share), their members and roles, invitations, the session's active organization. */
export { ORG_ROLES, MANAGES_MEMBERS } from "./roles";
export {
  activeMembership,
  listOrganizations,
  switchOrganization,
  listMembers,
  changeMemberRole,
  removeMember,
  transferOwnership,
  type ActiveMembership,
} from "./memberships";
export {
  inviteMember,
  listInvitations,
  revokeInvitation,
  previewInvitation,
  acceptInvitation,
  INVITATION_LIFETIME_MS,
} from "./invitations";
