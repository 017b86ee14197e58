// Which URLs, host names and addresses a user-supplied URL may point at. Pure and synchronous:
// the same rules judge a URL when a request is accepted, each address DNS returns at fetch time,
// and every redirect hop. Address ranges come from ipaddr.js; only the forms it leaves as
// "unicast" but that still reach an IPv4 address (IPv4-compatible IPv6) are named here.
import ipaddr from "ipaddr.js";

/** IPv6 forms whose last 32 bits are an IPv4 address the packet is delivered to. */
const IPV4_IN_LAST_32_BITS: [ipaddr.IPv6, number][] = [
  ipaddr.IPv6.parseCIDR("::ffff:0:0/96"), // IPv4-mapped
  ipaddr.IPv6.parseCIDR("::ffff:0:0:0/96"), // IPv4-translated (RFC 6145)
  ipaddr.IPv6.parseCIDR("64:ff9b::/96"), // NAT64 well-known prefix (RFC 6052)
];
/** `::a.b.c.d`, deprecated by RFC 4291 but still routed to a.b.c.d by some stacks: never fetched. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR("::/96");

/**
 * Names that never denote a public host: localhost (RFC 6761), mDNS (RFC 6762), home networks
 * (RFC 8375), the private-use TLD `internal` (cloud metadata such as metadata.google.internal)
 * and the resolver alias `localdomain`.
 */
const LOCAL_SUFFIXES = ["localhost", "local", "home.arpa", "internal", "localdomain"];

/**
 * Why an address may not be fetched, or null for a public unicast address. Addresses that embed
 * an IPv4 address (mapped, translated, NAT64, 6to4) are judged by the address they embed.
 */
export function addressRefusalReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  const addr = ipaddr.parse(address);
  if (addr.kind() === "ipv4") {
    const range = (addr as ipaddr.IPv4).range();
    return range === "unicast" ? null : `${range} address`;
  }
  const v6 = addr as ipaddr.IPv6;
  const p = v6.parts;
  if (IPV4_IN_LAST_32_BITS.some((cidr) => v6.match(cidr))) {
    return embeddedRefusal(v6.range(), [p[6]!, p[7]!]);
  }
  const range = v6.range();
  // 2002:AABB:CCDD::/48 is the 6to4 gateway of a.b.c.d (RFC 3056).
  if (range === "6to4") return embeddedRefusal(range, [p[1]!, p[2]!]);
  if (range !== "unicast") return `${range} address`;
  if (v6.match(IPV4_COMPATIBLE)) return "IPv4-compatible IPv6 address";
  return null;
}

function embeddedRefusal(form: string, words: [number, number]): string | null {
  const v4 = [words[0] >> 8, words[0] & 0xff, words[1] >> 8, words[1] & 0xff].join(".");
  const why = addressRefusalReason(v4);
  return why ? `${form} form of ${v4}, a ${why}` : null;
}

/**
 * Why a URL host (as `new URL()` leaves it: IPv4 normalised, IPv6 in brackets, names in
 * lower-case punycode) may not be fetched, or null. Names that pass may still resolve to a
 * refused address: the fetch checks what DNS answers.
 */
function hostRefusalReason(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  if (ipaddr.isValid(bare)) return addressRefusalReason(bare);
  // A trailing dot names the same host (`localhost.` is localhost).
  const name = bare.toLowerCase().replace(/\.+$/, "");
  if (!name) return "no host";
  if (LOCAL_SUFFIXES.some((s) => name === s || name.endsWith(`.${s}`))) return `${name} is a local host name`;
  // A single label is completed by the server's own search domains: an internal host.
  if (!name.includes(".")) return `${name} is not a fully qualified domain name`;
  return null;
}

/**
 * Why a parsed user URL may not be fetched, or null. Only http(s), and no credentials (they would
 * not be sent, and they make a URL read as another host: `http://good.example@10.0.0.1/`).
 * `checkHost: false` (ALLOW_PRIVATE_NETWORK_FETCH) skips the host and address rules.
 */
export function urlRefusalReason(url: URL, checkHost: boolean): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `scheme ${url.protocol.replace(/:$/, "")} (only http and https)`;
  }
  if (url.username || url.password) return "credentials in the URL";
  if (!url.hostname) return "no host";
  return checkHost ? hostRefusalReason(url.hostname) : null;
}
