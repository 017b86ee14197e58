import { Resolver } from "node:dns/promises";
import { env } from "@vgen/config";

/**
 * The TXT records of a name, each joined from its strings. SSO_DNS_SERVERS points the lookup at
 * chosen servers (the tests run one on loopback); unset, the system's resolvers answer.
 * No record (or no such name) is an empty list; other failures throw.
 */
export async function txtRecords(name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  const servers = env()
    .SSO_DNS_SERVERS?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers?.length) resolver.setServers(servers);
  try {
    return (await resolver.resolveTxt(name)).map((parts) => parts.join(""));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "ENODATA" || code === "ENOTFOUND") return [];
    throw err;
  }
}
