/**
 * The dashboard's test-mode switch (docs/api.md#test-mode): a cookie, so every page and tRPC call of
 * the tab's session reads the same mode. Set: test generations, requests and webhook deliveries are
 * shown (and the playground creates in test mode) instead of live ones. Money figures stay live.
 */
export const MODE_COOKIE = "vgen_mode";
const TEST = "test";

/** Whether a request (a tRPC call) is in the dashboard's live mode. */
export function livemodeOfRequest(headers: Headers | undefined): boolean {
  const cookie = new RegExp(`(?:^|;\\s*)${MODE_COOKIE}=([^;]*)`).exec(headers?.get("cookie") ?? "")?.[1];
  return cookie !== TEST;
}

/** The cookie's value for a mode, as the switch sets it in the browser. */
export function modeCookie(livemode: boolean): string {
  return livemode
    ? `${MODE_COOKIE}=; path=/; max-age=0; samesite=lax`
    : `${MODE_COOKIE}=${TEST}; path=/; max-age=31536000; samesite=lax`;
}
