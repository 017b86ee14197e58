import { env } from "@vgen/config";
import { sameOriginPath } from "@vgen/contracts";
import { getDb } from "@vgen/db";
import { consumeRateLimit } from "@vgen/engine/platform";
import { startSsoSignIn } from "@vgen/engine/sso";
import { clientIp } from "@/server/http/client-ip";
import { flowCookie, ssoRedirectUri } from "@/server/auth/sso-cookies";

/** Starts each costs a discovery request to the IdP: a few per minute per address is plenty for people. */
const STARTS_PER_ADDRESS_PER_MINUTE = 20;

function backToSignIn(error: string, email: string) {
  const url = new URL("/signin", env().PUBLIC_BASE_URL);
  url.searchParams.set("error", error);
  if (email) url.searchParams.set("email", email);
  return Response.redirect(url, 303);
}

/**
 * GET /api/auth/sso/start?email=…&callbackUrl=…: sends a person whose email domain has single sign-on
 * to the organization's IdP; any other email goes back to the sign-in page with an explanation.
 */
export async function GET(req: Request) {
  const params = new URL(req.url).searchParams;
  const email = (params.get("email") ?? "").trim().toLowerCase().slice(0, 254);
  const callbackUrl = sameOriginPath(params.get("callbackUrl"), env().PUBLIC_BASE_URL, "/dashboard");
  const limit = await consumeRateLimit(`sso-start:${clientIp(req.headers)}`, STARTS_PER_ADDRESS_PER_MINUTE, 60);
  if (!limit.allowed) return backToSignIn("SsoRateLimited", email);
  try {
    const started = await startSsoSignIn(getDb(), { email, redirectUri: ssoRedirectUri(), callbackUrl });
    if (!started) return backToSignIn("SsoUnavailable", email);
    return new Response(null, {
      status: 303,
      headers: { location: started.authorizationUrl, "set-cookie": flowCookie(started.flowCookie), "cache-control": "no-store" },
    });
  } catch {
    return backToSignIn("SsoFailed", email);
  }
}
