import { ApiError } from "@vgen/contracts";
import type { Db, DbOrTx } from "@vgen/db";
import ipaddr from "ipaddr.js";
import type { KeyRestrictionColumns } from "./key-restrictions";
import { ApiKeyNotFoundError } from "./api-keys";
import { type MemberActor, writeMemberAuditRow } from "../audit";

/** What an owner sets on a key (docs/api.md#restricted-keys); empty lists, false and null lift each one. */
export type KeyRestrictionsInput = KeyRestrictionColumns;

/** Entries per list: enough for any real allow-list, small enough to check on every request. */
const MAX_LIST_ENTRIES = 50;
const MAX_KEY_CAP_MICROS = 1_000_000n * 1_000_000n;

const invalid = (param: string, message: string) => new ApiError("invalid_parameter", message, param);

/**
 * Checks and normalises restrictions before they are stored: models from the catalog, addresses
 * and CIDR ranges that parse (written back in canonical form), a cap in range, an expiry ahead.
 */
export async function checkedKeyRestrictions(
  db: DbOrTx,
  input: KeyRestrictionsInput,
  now = new Date(),
): Promise<KeyRestrictionColumns> {
  const allowedModels = [...new Set(input.allowedModels.map((m) => m.trim()).filter(Boolean))];
  if (allowedModels.length > MAX_LIST_ENTRIES) throw invalid("allowedModels", `List at most ${MAX_LIST_ENTRIES} models.`);
  if (allowedModels.length > 0) {
    const known = await db.catalogModel.findMany({ where: { id: { in: allowedModels } }, select: { id: true } });
    const unknown = allowedModels.filter((m) => !known.some((k) => k.id === m));
    if (unknown.length > 0) throw invalid("allowedModels", `Not in the catalog: ${unknown.join(", ")}.`);
  }
  const allowedSources = [...new Set(input.allowedSources.map(canonicalSource))];
  if (allowedSources.length > MAX_LIST_ENTRIES)
    throw invalid("allowedSources", `List at most ${MAX_LIST_ENTRIES} addresses or ranges.`);
  const cap = input.monthlySpendCapMicros;
  if (cap !== null && (cap <= 0n || cap > MAX_KEY_CAP_MICROS))
    throw invalid("monthlySpendCap", "The monthly cap must be more than $0 and at most $1,000,000.");
  if (input.expiresAt && input.expiresAt <= now)
    throw invalid("expiresAt", "The expiry must be in the future (UTC); clear it for a key that never expires.");
  return { allowedModels, readOnly: input.readOnly, expiresAt: input.expiresAt, monthlySpendCapMicros: cap, allowedSources };
}

/** "10.0.0.1", "10.0.0.0/8", "2001:db8::/32" in canonical form; IPv4-mapped IPv6 as the IPv4 it is. */
function canonicalSource(text: string): string {
  const entry = text.trim();
  try {
    if (!entry.includes("/")) return ipaddr.process(entry).toString();
    const [addr, bits] = ipaddr.parseCIDR(entry);
    // A mapped client address is judged as the IPv4 it carries (key-restrictions.ts), so a mapped range is stored as IPv4.
    if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96)
      return `${(addr as ipaddr.IPv6).toIPv4Address().toString()}/${bits - 96}`;
    return `${addr.toString()}/${bits}`;
  } catch {
    throw invalid("allowedSources", `Not an IP address or CIDR range: ${entry.slice(0, 60)}.`);
  }
}

/**
 * Replaces a live key's restrictions. The change reaches every web process's key cache at once
 * through the api_keys trigger (docs/architecture.md#hot-cache-invalidated-by-notify).
 */
export async function restrictApiKey(db: Db, accountId: string, keyId: string, input: KeyRestrictionsInput, actor?: MemberActor) {
  const data = await checkedKeyRestrictions(db, input);
  return db.$transaction(async (tx) => {
    const old = await tx.apiKey.findFirst({
      where: { id: keyId, accountId, revokedAt: null },
      select: { monthlySpendCapMicros: true },
    });
    const res = await tx.apiKey.updateMany({ where: { id: keyId, accountId, revokedAt: null }, data });
    if (!old || res.count === 0) throw new ApiKeyNotFoundError();
    if (actor) {
      await writeMemberAuditRow(tx, actor, { accountId, action: "key.restricted", targetId: keyId, details: { ...data } });
      // A key's spend cap is a cap like a subscription's: the cap filter finds both.
      if (old.monthlySpendCapMicros !== data.monthlySpendCapMicros)
        await writeMemberAuditRow(tx, actor, {
          accountId,
          action: "cap.changed",
          targetId: keyId,
          details: { from: old.monthlySpendCapMicros, to: data.monthlySpendCapMicros },
        });
    }
    return data;
  });
}
