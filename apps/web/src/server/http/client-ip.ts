/** Set by server.ts from the socket (or the trusted proxy), overwriting anything a client sent. */
export const CLIENT_IP_HEADER = "x-vgen-client-ip";

export function clientIp(headers: Headers | Record<string, string | string[] | undefined>): string {
  const value = headers instanceof Headers ? headers.get(CLIENT_IP_HEADER) : headers[CLIENT_IP_HEADER];
  return (Array.isArray(value) ? value[0] : value) || "unknown";
}
