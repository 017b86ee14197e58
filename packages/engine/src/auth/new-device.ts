// "A new device" for the sign-in notice (docs/api.md#notification-emails): a browser (the exact
// user agent) and network (the same /24 of an IPv4 address, /64 of an IPv6 one) pair that none of
// the account's sessions active in the last NEW_DEVICE_WINDOW_DAYS days came from.
import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { Tx } from "@vgen/db";

export const NEW_DEVICE_WINDOW_DAYS = 90;

/** An IPv4 address written as IPv6 ("::ffff:203.0.113.9") is the IPv4 address. */
function unmapped(ip: string): string {
  return ip.toLowerCase().startsWith("::ffff:") && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

/** Whether two addresses are in the same /24 (IPv4) or /64 (IPv6); unknown (null) matches only unknown. */
function sameNetwork(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const [x, y] = [unmapped(a), unmapped(b)];
  const family = isIPv4(x) ? "ipv4" : isIPv6(x) ? "ipv6" : null;
  if (!family) return x === y;
  const network = new BlockList();
  network.addSubnet(x, family === "ipv4" ? 24 : 64, family);
  return network.check(y, family);
}

/**
 * Whether a sign-in from `origin` is from a new device. Never for the account's very first session
 * (the sign-in right after sign-up): with nothing to compare to, every device would be new.
 */
export async function isNewDevice(
  tx: Tx,
  accountId: string,
  origin: { userAgent: string | null; ip: string | null },
  now: Date,
): Promise<boolean> {
  const any = await tx.authSession.findFirst({ where: { accountId }, select: { id: true } });
  if (!any) return false;
  const since = new Date(now.getTime() - NEW_DEVICE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const seen = await tx.authSession.findMany({
    where: { accountId, userAgent: origin.userAgent, lastActiveAt: { gte: since } },
    select: { ip: true },
  });
  return !seen.some((s) => sameNetwork(s.ip, origin.ip));
}
