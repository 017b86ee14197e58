import { env } from "@vgen/config";
import type { IncomingMessage } from "node:http";
import { ApiError } from "@vgen/contracts";

const SAFE_METHODS = ["GET", "HEAD", "OPTIONS"];
/** Routes that authenticate by API key or by a signature, never by the session cookie: other sites may call them. */
const NOT_COOKIE_ROUTES = [/^\/api\/v1(\/|$)/, /^\/api\/stripe\/webhook$/, /^\/api\/upstream\/callbacks\//];
const TRPC = /^\/api\/trpc(\/|$)/;

/**
 * The CSRF guard (docs/api.md#cross-site-requests), run by server.ts before any route: a request that
 * may change state (any method but GET, HEAD, OPTIONS) to a route the session cookie authenticates
 * (tRPC, /api/dashboard, /api/auth, pages' server actions, and any route not listed above) must come
 * from a page of this app. Browsers say where a request comes from in `Sec-Fetch-Site` and `Origin`,
 * which no page can forge; a request with neither is refused too, as no browser that could be made
 * to send one with the cookie leaves both out. tRPC takes JSON only, which a cross-site form cannot send.
 * `viaTrustedProxy`: the peer is a proxy trusted by TRUST_PROXY, whose X-Forwarded-Host/-Proto count.
 * Null when the request may go on.
 */
export function crossSiteProblem(req: IncomingMessage, viaTrustedProxy: boolean): ApiError | null {
  const pathname = (req.url ?? "/").split("?", 1)[0]!;
  return crossSite({ method: req.method ?? "GET", pathname, header: (name) => header(req, name) }, viaTrustedProxy);
}

/**
 * The same guard for a route handler's Request (the withSession routes), after server.ts ran it: it
 * cannot know whether a trusted proxy sent the request, so only the public address and the Host count.
 */
export function crossSiteRequestProblem(req: Request): ApiError | null {
  const line = { method: req.method, pathname: new URL(req.url).pathname };
  return crossSite({ ...line, header: (name) => req.headers.get(name) ?? undefined }, false);
}

interface RequestHead {
  method: string;
  pathname: string;
  header(name: string): string | undefined;
}

function crossSite(req: RequestHead, viaTrustedProxy: boolean): ApiError | null {
  if (SAFE_METHODS.includes(req.method)) return null;
  if (NOT_COOKIE_ROUTES.some((route) => route.test(req.pathname))) return null;

  const site = req.header("sec-fetch-site");
  const origin = req.header("origin");
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    return new ApiError("cross_site_request", `This request came from another site (Sec-Fetch-Site: ${site}).`);
  }
  if (origin !== undefined && !ownOrigins(req, viaTrustedProxy).includes(origin)) {
    return new ApiError("cross_site_request", `This request came from another origin (${origin}).`);
  }
  if (site === undefined && origin === undefined) {
    return new ApiError("cross_site_request", "This request says neither its Origin nor its Sec-Fetch-Site.");
  }
  if (TRPC.test(req.pathname) && mediaType(req) !== "application/json") {
    return new ApiError("unsupported_media_type", "The dashboard's API takes `Content-Type: application/json` only.");
  }
  return null;
}

/** The app's own origins: its public address, and the address this request was sent to (its Host, or the trusted proxy's). */
function ownOrigins(req: RequestHead, viaTrustedProxy: boolean): string[] {
  const origins = [new URL(env().PUBLIC_BASE_URL).origin];
  const forwardedHost = viaTrustedProxy ? firstValue(req.header("x-forwarded-host")) : undefined;
  const forwardedProto = viaTrustedProxy ? firstValue(req.header("x-forwarded-proto")) : undefined;
  const host = forwardedHost ?? req.header("host");
  if (host) origins.push(`${forwardedProto?.toLowerCase() ?? "http"}://${host.toLowerCase()}`);
  return origins;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function firstValue(list: string | undefined): string | undefined {
  return list?.split(",")[0]?.trim() || undefined;
}

function mediaType(req: RequestHead): string {
  return (req.header("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
}
