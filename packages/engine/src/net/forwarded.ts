// Who the client is behind proxies. Each proxy that appends to X-Forwarded-For adds the address of
// the peer it heard from, so the chain read from the right (the socket's peer, then XFF's entries
// right to left) is only as honest as the proxies that wrote it: the client is the first address
// that no trusted proxy vouches for. Entries left of it are whatever the client chose to send.
import type { TrustProxy } from "@vgen/config";
import { type AddressRange, addressInRanges, parseAddressRange } from "./address-ranges";

export interface ForwardedView {
  /** The client's address, as far as trusted proxies can tell. */
  client: string;
  /** Whether the socket's peer is a trusted proxy, whose X-Forwarded-Host/-Proto then describe the request. */
  viaTrustedProxy: boolean;
}

/** Resolves (socket peer, X-Forwarded-For) to the client under TRUST_PROXY, its ranges parsed once. */
export function forwardedResolver(
  trust: TrustProxy,
): (peer: string | undefined, forwardedFor: string | undefined) => ForwardedView {
  let trusted: (address: string, index: number) => boolean;
  if ("hops" in trust) {
    const hops = trust.hops;
    trusted = (_address, index) => index < hops;
  } else {
    const ranges = trust.proxies.map((entry) => {
      const range = parseAddressRange(entry);
      if (!range) throw new Error(`TRUST_PROXY: '${entry}' is not an IP address or CIDR range`);
      return range;
    }) satisfies AddressRange[];
    trusted = (address) => addressInRanges(ranges, address);
  }
  return (peer, forwardedFor) => {
    const socket = peer || "unknown";
    if (!trusted(socket, 0)) return { client: socket, viaTrustedProxy: false };
    const chain = (forwardedFor ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean)
      .reverse();
    // Past the last trusted hop, or at the far end of a chain shorter than the hops trusted.
    let client = socket;
    for (const [i, address] of chain.entries()) {
      client = address;
      if (!trusted(address, i + 1)) break;
    }
    return { client, viaTrustedProxy: true };
  };
}
