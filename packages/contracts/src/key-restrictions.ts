import { z } from "zod";
import { ApiError } from "./errors";
import { parseUsd } from "./money";

/**
 * A key's restrictions as the dashboard form and `ops issue-key` send them
 * (docs/api.md#restricted-keys). The engine checks models against the catalog, parses the
 * addresses and bounds the cap and expiry (accounts/restrict-api-key.ts).
 */
export const KeyRestrictionsRequest = z.object({
  allowedModels: z.array(z.string().trim().min(1).max(100)).max(50),
  readOnly: z.boolean(),
  /** UTC, as a `datetime-local` field gives it ("2026-12-31T23:59") or with seconds and `Z`; null: never. */
  expiresAt: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z?$/, "Enter a UTC date and time such as 2026-12-31T23:59.")
    .nullable(),
  /** Dollars as typed ("25", "25.50", "$25.5"), parsed without floats; null: no cap. */
  monthlySpendCap: z
    .string()
    .trim()
    .regex(/^\$?\d{1,7}(\.\d{1,6})?$/, "Enter a dollar amount such as 25 or 25.50.")
    .nullable(),
  allowedSources: z.array(z.string().trim().min(1).max(100)).max(50),
});

type KeyRestrictionsRequestT = z.infer<typeof KeyRestrictionsRequest>;

/** The restrictions as the engine stores them: micro-dollars, a UTC instant; empty, false and null lift each one. */
export interface KeyRestrictionValues {
  allowedModels: string[];
  readOnly: boolean;
  expiresAt: Date | null;
  monthlySpendCapMicros: bigint | null;
  allowedSources: string[];
}

/** An expiry field's value as a UTC instant (null: never). */
export function parseKeyExpiry(text: string | null): Date | null {
  const expiresAt = text === null ? null : new Date(`${text.replace(/Z$/, "")}Z`);
  if (expiresAt && Number.isNaN(expiresAt.getTime()))
    throw new ApiError("invalid_parameter", "That expiry is not a real date and time.", "expiresAt");
  return expiresAt;
}

/** The form's values as the engine takes them. */
export function toKeyRestrictions(input: KeyRestrictionsRequestT): KeyRestrictionValues {
  const expiresAt = parseKeyExpiry(input.expiresAt);
  return {
    allowedModels: input.allowedModels,
    readOnly: input.readOnly,
    expiresAt,
    monthlySpendCapMicros: input.monthlySpendCap === null ? null : parseUsd(input.monthlySpendCap),
    allowedSources: input.allowedSources,
  };
}
