import type { Id } from "@vgen/contracts";
import type { AccountStatus, Role } from "@vgen/db";
import { CachedLookup } from "../platform";
import { compileProjectRestrictions, type ProjectRestrictions } from "../projects";
import { compileKeyRestrictions, type KeyRestrictions } from "./key-restrictions";

/** What a request needs to know about the key it came with and its account. */
export interface KeyIdentity {
  /** `restrictions` travel with the cached key (null: unrestricted); an edit drops the entry like a revocation. */
  apiKey: {
    id: Id<"key">;
    accountId: Id<"acct">;
    prefix: string;
    name: string;
    restrictions: KeyRestrictions | null;
    /** False for a test key: it sees and creates test-mode generations only (docs/api.md#test-mode). */
    livemode: boolean;
    /** The key's project: it sees only this project's generations, within the project's limits (null: none). */
    project: { id: string; isDefault: boolean; restrictions: ProjectRestrictions | null };
  };
  account: { id: Id<"acct">; email: string | null; status: AccountStatus; role: Role };
}

const MINUTE = 60_000;

/** Live keys by SHA-256; a revoked or unknown hash is remembered as such (bounded). */
export const keysByHash = new CachedLookup<KeyIdentity>(
  async (db, hash) => {
    const row = await db.apiKey.findUnique({
      where: { hash },
      select: {
        id: true,
        accountId: true,
        prefix: true,
        name: true,
        revokedAt: true,
        allowedModels: true,
        readOnly: true,
        expiresAt: true,
        monthlySpendCapMicros: true,
        allowedSources: true,
        livemode: true,
        project: {
          select: {
            id: true,
            isDefault: true,
            archivedAt: true,
            allowedModels: true,
            rateLimitShare: true,
            monthlySpendCapMicros: true,
          },
        },
        account: { select: { id: true, email: true, status: true, role: true } },
      },
    });
    // A key of an archived project is refused like a revoked one.
    if (!row || row.revokedAt || row.project.archivedAt) return null;
    // The rows hold ids newId issued; their types only say string.
    const accountId = row.accountId as Id<"acct">;
    const apiKey = { id: row.id as Id<"key">, accountId, prefix: row.prefix, name: row.name, livemode: row.livemode };
    const project = {
      id: row.project.id,
      isDefault: row.project.isDefault,
      restrictions: compileProjectRestrictions(row.project),
    };
    return {
      apiKey: { ...apiKey, restrictions: compileKeyRestrictions(row), project },
      account: { ...row.account, id: accountId },
    };
  },
  {
    tables: ["api_keys", "accounts", "projects"],
    affected: (_table, accountId, _hash, value) => value.account.id === accountId,
    maxEntries: 100_000,
    ttlMs: 10 * MINUTE,
    cacheMisses: true,
  },
);
