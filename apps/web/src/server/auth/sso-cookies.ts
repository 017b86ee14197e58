import { env } from "@vgen/config";
import { SSO_FLOW_MAX_AGE_SECONDS, SSO_TICKET_MAX_AGE_SECONDS } from "@vgen/engine/sso";

/** The sealed state, nonce and PKCE verifier between the start and the IdP's redirect back. */
export const SSO_FLOW_COOKIE = "vgen-sso-flow";
/** The one-use ticket between the callback and the sign-in that opens the session (the "sso" provider). */
export const SSO_TICKET_COOKIE = "vgen-sso-ticket";
/** Where the IdP sends the browser back; registered at the IdP as the redirect URI. */
export const ssoRedirectUri = () => `${env().PUBLIC_BASE_URL}/api/auth/sso/callback`;

/**
 * A Set-Cookie value: httpOnly, Lax (the IdP's redirect back is a top-level GET from another site,
 * which Lax lets through), Secure when the site is served over https. `maxAge` 0 deletes it.
 */
export function ssoCookie(name: string, value: string, maxAge: number): string {
  const secure = env().PUBLIC_BASE_URL.startsWith("https:") ? "; Secure" : "";
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export const flowCookie = (value: string) => ssoCookie(SSO_FLOW_COOKIE, value, SSO_FLOW_MAX_AGE_SECONDS);
export const ticketCookie = (value: string) => ssoCookie(SSO_TICKET_COOKIE, value, SSO_TICKET_MAX_AGE_SECONDS);

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}
