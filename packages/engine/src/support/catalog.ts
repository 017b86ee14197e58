// Catalog editing for staff: list every model, change prices, limits, sizes, durations, sound, outputs per request and its descriptions.
import { formatUsd, MAX_OUTPUTS, MICROS_PER_DOLLAR } from "@vgen/contracts";
import type { Db, Prisma } from "@vgen/db";
import { writeAuditRow } from "../audit";
import { SupportError } from "./staff-action";

export interface CatalogPatch {
  priceMicrosPerSecond?: bigint;
  rateLimitQps?: number;
  minChargeSeconds?: number;
  enabled?: boolean;
  purpose?: string;
  purposeRu?: string;
  sizes?: string[];
  minDuration?: number;
  maxDuration?: number;
  defaultDuration?: number;
  supportsAudio?: boolean;
  audioDefault?: boolean;
  /** Price per second of a clip with sound; null: the same as `priceMicrosPerSecond`. */
  audioPriceMicros?: bigint | null;
  /** The most clips one request may ask for (`n`), 1..MAX_OUTPUTS. */
  maxOutputs?: number;
}

export function listCatalogForStaff(db: Db) {
  return db.catalogModel.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
}

const SIZE_RE = /^\d{3,4}p$/;

/** Edits a catalog model (admins); the audit row records each changed field's before and after. */
export async function updateCatalogModel(
  db: Db,
  input: { modelId: string; actorId: string; patch: CatalogPatch; reason?: string },
) {
  const p = input.patch;
  if (
    p.priceMicrosPerSecond !== undefined &&
    (p.priceMicrosPerSecond <= 0n || p.priceMicrosPerSecond > 1_000n * MICROS_PER_DOLLAR)
  ) {
    throw new SupportError("invalid_parameter", "The price must be above $0 and at most $1000 per second.");
  }
  if (p.audioPriceMicros != null && (p.audioPriceMicros <= 0n || p.audioPriceMicros > 1_000n * MICROS_PER_DOLLAR)) {
    throw new SupportError("invalid_parameter", "The audio price must be above $0 and at most $1000 per second.");
  }
  if (p.rateLimitQps !== undefined && (!Number.isInteger(p.rateLimitQps) || p.rateLimitQps < 1 || p.rateLimitQps > 10_000))
    throw new SupportError("invalid_parameter", "QPS must be a whole number from 1 to 10000.");
  if (
    p.minChargeSeconds !== undefined &&
    (!Number.isInteger(p.minChargeSeconds) || p.minChargeSeconds < 0 || p.minChargeSeconds > 600)
  ) {
    throw new SupportError("invalid_parameter", "The minimum charge must be 0 to 600 seconds.");
  }
  if (p.maxOutputs !== undefined && (!Number.isInteger(p.maxOutputs) || p.maxOutputs < 1 || p.maxOutputs > MAX_OUTPUTS))
    throw new SupportError("invalid_parameter", `Outputs per request must be a whole number from 1 to ${MAX_OUTPUTS}.`);
  if (p.purpose !== undefined && (p.purpose.trim().length < 3 || p.purpose.length > 300))
    throw new SupportError("invalid_parameter", "The purpose must be 3 to 300 characters.");
  if (p.purposeRu !== undefined && (p.purposeRu.trim().length < 3 || p.purposeRu.length > 300))
    throw new SupportError("invalid_parameter", "The Russian purpose must be 3 to 300 characters.");
  if (p.sizes !== undefined && (p.sizes.length === 0 || p.sizes.some((s) => !SIZE_RE.test(s))))
    throw new SupportError("invalid_parameter", "Sizes must be a list such as 720p, 1080p.");
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM catalog_models WHERE id = ${input.modelId} FOR UPDATE`;
    const before = await tx.catalogModel.findUnique({ where: { id: input.modelId } });
    if (!before) throw new SupportError("resource_not_found", `No model '${input.modelId}'.`);
    const minD = p.minDuration ?? before.minDuration;
    const maxD = p.maxDuration ?? before.maxDuration;
    const defD = p.defaultDuration ?? before.defaultDuration;
    if (!(minD >= 1 && minD <= defD && defD <= maxD && maxD <= 600))
      throw new SupportError("invalid_parameter", "Durations must satisfy 1 ≤ min ≤ default ≤ max ≤ 600.");
    const data: Prisma.CatalogModelUpdateInput = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const set = <K extends keyof CatalogPatch>(key: K, show: (v: NonNullable<CatalogPatch[K]>) => unknown = (v) => v) => {
      const given = p[key];
      if (given === undefined) return;
      // Descriptions are stored, compared and audited trimmed.
      const next = (typeof given === "string" ? given.trim() : given) as NonNullable<CatalogPatch[K]>;
      const prev = (before as unknown as Record<string, unknown>)[key];
      const same = Array.isArray(next) ? JSON.stringify(next) === JSON.stringify(prev) : next === prev;
      if (same) return;
      (data as Record<string, unknown>)[key] = next;
      // null (an audio price cleared back to the model's price) is audited as null.
      const shown = (v: unknown) => (v === null ? null : show(v as NonNullable<CatalogPatch[K]>));
      changes[key] = { from: shown(prev), to: shown(next) };
    };
    set("priceMicrosPerSecond", (v) => formatUsd(v));
    set("rateLimitQps");
    set("minChargeSeconds");
    set("enabled");
    set("purpose");
    set("purposeRu");
    set("sizes");
    set("minDuration");
    set("maxDuration");
    set("defaultDuration");
    set("supportsAudio");
    set("audioDefault");
    set("audioPriceMicros", (v) => formatUsd(v));
    set("maxOutputs");
    if (Object.keys(changes).length === 0) throw new SupportError("action_not_allowed", "Nothing changed.");
    const model = await tx.catalogModel.update({ where: { id: before.id }, data });
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "catalog.update",
      targetId: before.id,
      details: { changes, ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}) },
    });
    return model;
  });
}
