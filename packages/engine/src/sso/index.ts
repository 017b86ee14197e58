/** Public surface of the engine's sso domain: single sign-on for an organization's verified email domains (OpenID Connect). */
export { claimDomain, listDomains, removeDomain, verifyDomain } from "./domains";
export { getConnection, removeConnection, saveConnection, ssoForEmail } from "./connections";
export { SSO_FLOW_MAX_AGE_SECONDS, SSO_TICKET_MAX_AGE_SECONDS, completeSsoSignIn, redeemSsoTicket, startSsoSignIn } from "./oidc";
