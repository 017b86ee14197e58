import type { ApiRequest } from "./api-request";

/** Set by server.ts from the socket (or the trusted proxy), overwriting anything a client sent. */
export const CLIENT_IP_HEADER = "x-vgen-client-ip";

export function clientIp(source: Headers | ApiRequest | Record<string, string | string[] | undefined>): string {
  let value: string | string[] | null | undefined;
  if (source instanceof Headers) value = source.get(CLIENT_IP_HEADER);
  else if (typeof source.header === "function") value = (source as ApiRequest).header(CLIENT_IP_HEADER);
  else value = (source as Record<string, string | string[] | undefined>)[CLIENT_IP_HEADER];
  return (Array.isArray(value) ? value[0] : value) || "unknown";
}
