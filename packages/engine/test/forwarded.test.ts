// Who the client is behind proxies (TRUST_PROXY): read from the right of X-Forwarded-For, trusting
// only as many hops, or only the proxies listed, as configured. Entries a client sent itself sit
// left of what the trusted proxies appended and are never taken.
import { describe, expect, it } from "vitest";
import { forwardedResolver } from "../src/net/index";

describe("forwardedResolver", () => {
  it("without trusted proxies the socket's peer is the client, whatever X-Forwarded-For says", () => {
    const resolve = forwardedResolver({ hops: 0 });
    expect(resolve("198.51.100.9", "203.0.113.7")).toEqual({ client: "198.51.100.9", viaTrustedProxy: false });
  });

  it("one hop: the address the nearest proxy appended, not what the client sent before it", () => {
    const resolve = forwardedResolver({ hops: 1 });
    // The client sent "203.0.113.7, 10.0.0.5"; the proxy appended the client's real address.
    expect(resolve("10.0.0.1", "203.0.113.7, 10.0.0.5, 198.51.100.9")).toEqual({
      client: "198.51.100.9",
      viaTrustedProxy: true,
    });
    expect(resolve("10.0.0.1", "198.51.100.9").client).toBe("198.51.100.9");
    // A proxy that appended nothing: the peer is all there is.
    expect(resolve("10.0.0.1", undefined).client).toBe("10.0.0.1");
  });

  it("two hops: the second entry from the right; a shorter chain gives its farthest entry", () => {
    const resolve = forwardedResolver({ hops: 2 });
    expect(resolve("10.0.0.1", "203.0.113.7, 198.51.100.9, 10.0.0.2").client).toBe("198.51.100.9");
    expect(resolve("10.0.0.1", "10.0.0.2").client).toBe("10.0.0.2");
  });

  it("a proxy list: skips listed proxies (IPs and CIDRs, mapped IPv4 included) from the right", () => {
    const resolve = forwardedResolver({ proxies: ["10.0.0.0/8", "2001:db8::1"] });
    expect(resolve("::ffff:10.0.0.1", "203.0.113.7, 198.51.100.9, 10.1.2.3")).toEqual({
      client: "198.51.100.9",
      viaTrustedProxy: true,
    });
    expect(resolve("2001:db8::1", "198.51.100.9").client).toBe("198.51.100.9");
    // A peer that is not a listed proxy speaks for nobody.
    expect(resolve("192.0.2.1", "203.0.113.7")).toEqual({ client: "192.0.2.1", viaTrustedProxy: false });
    // Everything listed: the farthest entry is the best there is.
    expect(resolve("10.0.0.1", "10.9.9.9").client).toBe("10.9.9.9");
  });

  it("refuses a proxy list entry that is not an address or range", () => {
    expect(() => forwardedResolver({ proxies: ["10.0.0.0/99"] })).toThrow(/TRUST_PROXY/);
  });
});
