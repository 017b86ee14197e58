// IP addresses and CIDR ranges as people enter them (a key's allowed sources, TRUST_PROXY's proxy
// list), parsed once and matched against a client or peer address.
import ipaddr from "ipaddr.js";

export type AddressRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** The range an entry (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`) names, or null when it is not one. */
export function parseAddressRange(entry: string): AddressRange | null {
  try {
    if (entry.includes("/")) return ipaddr.parseCIDR(entry);
    const addr = ipaddr.process(entry);
    return [addr, addr.kind() === "ipv4" ? 32 : 128];
  } catch {
    return null;
  }
}

/** Whether the address lies in one of the ranges; anything that is not an address lies in none. */
export function addressInRanges(ranges: readonly AddressRange[], address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (a dual-stack socket's ::ffff:a.b.c.d) is judged as the IPv4 address it is.
  const addr = ipaddr.process(address);
  return ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
}
