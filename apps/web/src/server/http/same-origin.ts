import type { IncomingMessage } from "node:http";
import { ApiError } from "@vgen/contracts";
import { env } from "@vgen/config";

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
  const method = req.method ?? "GET";
  if (SAFE_METHODS.includes(method)) return null;
  const pathname = (req.url ?? "/").split("?", 1)[0]!;
  if (NOT_COOKIE_ROUTES.some((route) => route.test(pathname))) return null;

  const site = header(req, "sec-fetch-site");
  const origin = header(req, "origin");
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    return new ApiError("cross_site_request", `This request came from another site (Sec-Fetch-Site: ${site}).`);
  }
  if (origin !== undefined && !ownOrigins(req, viaTrustedProxy).includes(origin)) {
    return new ApiError("cross_site_request", `This request came from another origin (${origin}).`);
  }
  if (site === undefined && origin === undefined) {
    return new ApiError("cross_site_request", "This request says neither its Origin nor its Sec-Fetch-Site.");
  }
  if (TRPC.test(pathname) && mediaType(req) !== "application/json") {
    return new ApiError("unsupported_media_type", "The dashboard's API takes `Content-Type: application/json` only.");
  }
  return null;
}

/** The app's own origins: its public address, and the address this request was sent to (its Host, or the trusted proxy's). */
function ownOrigins(req: IncomingMessage, viaTrustedProxy: boolean): string[] {
  const origins = [new URL(env().PUBLIC_BASE_URL).origin];
  const forwardedHost = viaTrustedProxy ? firstValue(header(req, "x-forwarded-host")) : undefined;
  const forwardedProto = viaTrustedProxy ? firstValue(header(req, "x-forwarded-proto")) : undefined;
  const host = forwardedHost ?? header(req, "host");
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

function mediaType(req: IncomingMessage): string {
  return (header(req, "content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
}
