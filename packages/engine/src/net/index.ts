/** Public surface of the engine's net domain used outside the engine: who the client is behind proxies. */
export { forwardedResolver, type ForwardedView } from "./forwarded";
export { FetchFailedError, FetchRefusedError, safeFetch, type SafeFetchResponse, fetchImage } from "./safe-fetch";
export { assertUrlAllowed, assertRequestUrlsAllowed } from "./url-policy";
export type { AddressRange } from "./address-ranges";
export { addressInRanges, parseAddressRange } from "./address-ranges";
