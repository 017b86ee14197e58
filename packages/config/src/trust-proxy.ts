import { isIP } from "node:net";
import { z } from "zod";

/**
 * Which proxies in front of the server may say who the client is (X-Forwarded-For, -Host, -Proto):
 * the nearest `hops` of them (0: none, the socket's peer is the client), or those whose addresses
 * are listed (IPs and CIDR ranges).
 */
export type TrustProxy = { hops: number } | { proxies: readonly string[] };

function isAddressOrRange(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: 0/false or unset, a count of hops (1/true: one), or a comma list of proxy addresses/ranges. */
export const trustProxy = () =>
  z
    .string()
    .optional()
    .transform((raw, ctx): TrustProxy => {
      const value = (raw ?? "").trim().toLowerCase();
      if (value === "" || value === "false") return { hops: 0 };
      if (value === "true") return { hops: 1 };
      if (/^\d+$/.test(value)) return { hops: Number(value) };
      const proxies = value.split(",").map((entry) => entry.trim());
      const bad = proxies.find((entry) => !isAddressOrRange(entry));
      if (bad === undefined) return { proxies };
      ctx.addIssue({
        code: "custom",
        message: `expected a number of proxy hops (0, 1, 2...) or a comma list of proxy IP addresses/CIDR ranges; '${bad}' is neither`,
      });
      return z.NEVER;
    });
