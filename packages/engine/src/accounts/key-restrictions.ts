// What a restricted API key may do (docs/api.md#restricted-keys), judged on every request from the
// key as the hot cache holds it: pure, no database. The spend cap needs the database and is judged
// in the create's transaction (key-spend-cap.ts).
import { ApiError, formatTimestamp } from "@vgen/contracts";
import { type AddressRange, addressInRanges, parseAddressRange } from "../net";

/** The restriction columns of an api_keys row. */
export interface KeyRestrictionColumns {
  allowedModels: string[];
  readOnly: boolean;
  expiresAt: Date | null;
  monthlySpendCapMicros: bigint | null;
  allowedSources: string[];
}

/** A key's restrictions, prepared once when the key is loaded into the cache. */
export interface KeyRestrictions {
  /** Models it may create with; null: every model. */
  models: readonly string[] | null;
  readOnly: boolean;
  expiresAt: Date | null;
  spendCapMicros: bigint | null;
  /** The addresses it may be used from, as entered and parsed; null: anywhere. */
  sources: { entries: readonly string[]; ranges: readonly AddressRange[] } | null;
}

/** The prepared restrictions, or null for an unrestricted key (the common case costs one null check). */
export function compileKeyRestrictions(row: KeyRestrictionColumns): KeyRestrictions | null {
  const models = row.allowedModels ?? [];
  const sources = row.allowedSources ?? [];
  if (models.length === 0 && !row.readOnly && !row.expiresAt && row.monthlySpendCapMicros === null && sources.length === 0)
    return null;
  return {
    models: models.length > 0 ? models : null,
    readOnly: row.readOnly,
    expiresAt: row.expiresAt,
    spendCapMicros: row.monthlySpendCapMicros,
    // An entry that does not parse matches nothing: a damaged list fails closed.
    sources: sources.length > 0 ? { entries: sources, ranges: sources.map(parseAddressRange).filter((r) => r !== null) } : null,
  };
}

/**
 * Why a key may not be used at all right now (expired, or called from an address outside its
 * list), or null. `clientIp` is the address server.ts took from the socket or the trusted proxy.
 */
export function keyUseRefusal(r: KeyRestrictions | null, clientIp: string, now = new Date()): ApiError | null {
  if (!r) return null;
  if (r.expiresAt && r.expiresAt <= now) {
    return new ApiError("key_expired", `This API key expired at ${formatTimestamp(r.expiresAt)}.`);
  }
  if (r.sources && !addressInRanges(r.sources.ranges, clientIp)) {
    return new ApiError(
      "key_source_not_allowed",
      `This API key may only be used from ${r.sources.entries.join(", ")}; this request came from ${clientIp}.`,
    );
  }
  return null;
}

/** Refuses a create or cancel with a read-only key. */
export function assertKeyMayWrite(r: KeyRestrictions | null): void {
  if (r?.readOnly) throw new ApiError("key_read_only", "This API key is read-only: it may list and read, not create or cancel.");
}

/** Whether the key may use the model; an unrestricted key may use every one. */
export function keyAllowsModel(r: KeyRestrictions | null, modelId: string): boolean {
  return !r?.models || r.models.includes(modelId);
}

/** Refuses a create with a model the key is not restricted to. */
export function assertKeyAllowsModel(r: KeyRestrictions | null, modelId: string): void {
  if (r?.models && !keyAllowsModel(r, modelId)) {
    throw new ApiError(
      "key_model_not_allowed",
      `This API key may only create with ${r.models.join(", ")}; it may not use ${modelId}.`,
      "model",
    );
  }
}
