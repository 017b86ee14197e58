import type { IncomingMessage } from "node:http";
import { sameOriginPath } from "@vgen/contracts";
import { env } from "@vgen/config";

/** next-auth's callback-URL cookie, over http and over https. */
const CALLBACK_COOKIES = new Set(["next-auth.callback-url", "__Secure-next-auth.callback-url"]);

/**
 * next-auth 4 answers 500 to every action (even /api/auth/csrf) while the `callbackUrl` query
 * parameter or its callback-URL cookie is not an http(s) URL or a path, so a link or a cookie set
 * by anyone could keep a browser from signing in. Before next-auth reads the request, both become
 * a path on this site (the one the redirect callback would pick), so next-auth answers as usual and
 * writes the cookie anew.
 */
export function sanitizeAuthRequest(req: IncomingMessage): void {
  const url = req.url ?? "/";
  if (!url.startsWith("/api/auth/")) return;
  const base = env().PUBLIC_BASE_URL;
  const queryAt = url.indexOf("?");
  if (queryAt !== -1) {
    const query = new URLSearchParams(url.slice(queryAt + 1));
    const callbackUrl = query.get("callbackUrl");
    if (callbackUrl !== null) {
      query.set("callbackUrl", sameOriginPath(callbackUrl, base));
      req.url = `${url.slice(0, queryAt)}?${query}`;
    }
  }
  const cookie = req.headers.cookie;
  if (!cookie) return;
  req.headers.cookie = cookie
    .split(";")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1 || !CALLBACK_COOKIES.has(pair.slice(0, eq).trim())) return pair;
      let value: string;
      try {
        value = decodeURIComponent(pair.slice(eq + 1).trim());
      } catch {
        value = "";
      }
      return `${pair.slice(0, eq)}=${encodeURIComponent(sameOriginPath(value, base))}`;
    })
    .join(";");
}
