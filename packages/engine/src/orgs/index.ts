/** Public surface of the engine's orgs domain: organizations (the accounts people share), their members and roles, invitations, the session's active organization. */
export {
  activeMembership,
  listOrganizations,
  switchOrganization,
  listMembers,
  changeMemberRole,
  removeMember,
  transferOwnership,
} from "./memberships";
export {
  inviteMember,
  listInvitations,
  revokeInvitation,
  previewInvitation,
  acceptInvitation,
} from "./invitations";
export { accountLabel } from "./label";
export { leaveOrganizations } from "./leave-organizations";
export { createOrganization, ORGANIZATION_NAME_MAX } from "./create-organization";
