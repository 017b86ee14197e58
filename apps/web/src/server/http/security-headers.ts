import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@vgen/config";

/**
 * Whether the client reached us over https: the public address says so, or the proxy in front
 * does. Only used to send HSTS, which browsers ignore on plain http anyway, so a forged header
 * gains nothing.
 */
export function servedOverHttps(
  forwardedProto: string | null | undefined,
  publicBaseUrl: string = env().PUBLIC_BASE_URL,
): boolean {
  const first = forwardedProto?.split(",")[0]?.trim().toLowerCase();
  return first === "https" || publicBaseUrl.startsWith("https:");
}

/**
 * Sets securityHeaders on a response before anyone (a node route or Next.js) answers it. The
 * server passes the public address it read once at start: env() costs about 20 µs a call, a
 * noticeable share of a poll.
 */
export function applySecurityHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  publicBaseUrl: string = env().PUBLIC_BASE_URL,
): void {
  const pathname = (req.url ?? "/").split("?", 1)[0]!;
  const proto = req.headers["x-forwarded-proto"];
  const headers = securityHeaders(pathname, servedOverHttps(Array.isArray(proto) ? proto[0] : proto, publicBaseUrl));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/**
 * Headers every response carries, pages, API and files alike: never framed, never
 * content-sniffed, referrers cut to the origin across sites, powerful features off.
 * API responses (JSON, event streams) load nothing, so their policy allows nothing;
 * pages get their own policy with a per-request nonce (pagePolicy).
 */
function securityHeaders(pathname: string, https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)",
  };
  if (pathname.startsWith("/api/")) headers["content-security-policy"] = "default-src 'none'; frame-ancestors 'none'";
  if (https) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * The Content-Security-Policy of a page. Scripts run only with this response's nonce (Next.js
 * puts it on its own scripts when the request carries the policy) or when loaded by such a
 * script ('strict-dynamic'). Styles allow inline attributes, which React and the charts write.
 * Outputs and the API may live on the public or CDN address rather than the one the page was
 * opened at, so both are allowed for media and requests.
 */
export function pagePolicy(nonce: string, https: boolean): string {
  const { PUBLIC_BASE_URL, CDN_BASE_URL, NODE_ENV } = env();
  const origins = [...new Set([PUBLIC_BASE_URL, CDN_BASE_URL].map((u) => new URL(u).origin))].join(" ");
  const dev = NODE_ENV === "development";
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlays.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${origins}`,
    `media-src 'self' blob: ${origins}`,
    "font-src 'self' data:",
    `connect-src 'self' ${origins}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
