import { env } from "@vgen/config";
import { ApiError } from "@vgen/contracts";
import { getDb } from "@vgen/db";
import { completeSsoSignIn } from "@vgen/engine/sso";
import { logger } from "@vgen/engine/platform";
import { readCookie, SSO_FLOW_COOKIE, ssoCookie, ssoRedirectUri, ticketCookie } from "@/server/auth/sso-cookies";

/**
 * The IdP's redirect back. A good answer leaves a one-use ticket cookie and goes to /signin/sso, where
 * next-auth's "sso" provider redeems it and opens the session exactly like a password sign-in; any
 * refusal goes back to the sign-in page (the reason is logged, the page says it failed).
 */
export async function GET(req: Request) {
  const clearFlow = ssoCookie(SSO_FLOW_COOKIE, "", 0);
  const headers = new Headers({ "cache-control": "no-store" });
  headers.append("set-cookie", clearFlow);
  try {
    const done = await completeSsoSignIn(getDb(), {
      flowCookie: readCookie(req.headers.get("cookie"), SSO_FLOW_COOKIE),
      currentUrl: req.url,
      redirectUri: ssoRedirectUri(),
    });
    headers.append("set-cookie", ticketCookie(done.ticket));
    const next = new URL("/signin/sso", env().PUBLIC_BASE_URL);
    next.searchParams.set("callbackUrl", done.callbackUrl);
    headers.set("location", next.toString());
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    logger.warn({ component: "sso", code: err.code, err: err.message }, "sso sign-in refused");
    const back = new URL("/signin", env().PUBLIC_BASE_URL);
    back.searchParams.set("error", err.code === "account_suspended" ? "SsoSuspended" : "SsoFailed");
    headers.set("location", back.toString());
  }
  return new Response(null, { status: 303, headers });
}
