import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { withAuth, type NextRequestWithAuth } from "next-auth/middleware";
import { pagePolicy, servedOverHttps } from "@/server/http/security-headers";

/**
 * Gives each page its Content-Security-Policy with a fresh nonce: on the request, where Next.js
 * reads the nonce for its scripts, and on the response, where the browser enforces it.
 */
function withPagePolicy(req: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pagePolicy(nonce, servedOverHttps(req.headers.get("x-forwarded-proto")));
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", policy);
  return res;
}

// Signed-out visitors of the protected area go to sign-in and come back to the page they asked for.
// A cookie that names no session is signed out here already; whether a named session is still live
// (not signed out, reset or suspended) is checked by the pages themselves against the database.
const signedInOnly = withAuth(withPagePolicy, {
  pages: { signIn: "/signin" },
  callbacks: { authorized: ({ token }) => typeof token?.sid === "string" },
});

export default function proxy(req: NextRequest, event: NextFetchEvent) {
  const { pathname } = req.nextUrl;
  const isProtected = /^\/(dashboard|console)(\/|$)/.test(pathname);
  return isProtected ? signedInOnly(req as NextRequestWithAuth, event) : withPagePolicy(req);
}

// Pages only: API routes, build assets and stored outputs load nothing and get the API headers.
export const config = { matcher: ["/((?!api/|_next/static/|_next/image|cdn/|favicon.ico).*)"] };
