/**
 * The dashboard's test-mode switch (docs/api.md#test-mode): a cookie, so every page and tRPC call of
 * the tab's session reads the same mode. Set: test generations, requests and webhook deliveries are
 * shown (and the playground creates in test mode) instead of live ones. Money figures stay live.
 */
export const MODE_COOKIE = "vgen_mode";
const TEST = "test";

/** Whether a Cookie header (or `document.cookie`) is in the dashboard's live mode. */
export function livemodeOfCookies(cookies: string | null | undefined): boolean {
  return new RegExp(`(?:^|;\\s*)${MODE_COOKIE}=([^;]*)`).exec(cookies ?? "")?.[1] !== TEST;
}

/** Whether a request (a tRPC call) is in the dashboard's live mode. */
export function livemodeOfRequest(headers: Headers | undefined): boolean {
  return livemodeOfCookies(headers?.get("cookie"));
}

/** The cookie's value for a mode, as the switch sets it in the browser. */
export function modeCookie(livemode: boolean): string {
  return livemode
    ? `${MODE_COOKIE}=; path=/; max-age=0; samesite=lax`
    : `${MODE_COOKIE}=${TEST}; path=/; max-age=31536000; samesite=lax`;
}
