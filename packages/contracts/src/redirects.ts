/**
 * Where to send a browser after sign-in: `value` (a `callbackUrl`) as a path on `origin`, or
 * `fallback` when it leads anywhere else. The value is parsed the way a browser will read it, so
 * `//evil.example`, `/\evil.example`, tabs inside the slashes, absolute URLs of other hosts and
 * `javascript:` all fall back instead of leaving the site.
 */
export function sameOriginPath(value: string | null | undefined, origin: string, fallback = "/dashboard"): string {
  if (!value) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  // A path such as "/.//evil.example" normalizes to "//evil.example", which read again as a
  // relative URL names another host: collapse the leading slashes.
  const path = url.pathname.replace(/^[/\\]+/, "/");
  return `${path}${url.search}${url.hash}`;
}
