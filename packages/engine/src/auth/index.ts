export * from "./credentials";
export * from "./email-verification";
export { InvalidLinkError, issueLink, LINK_LIFETIME_MS } from "./link-tokens";
export * from "./sessions";
export * from "./sign-in";
