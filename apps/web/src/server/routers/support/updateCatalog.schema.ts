import { z } from "zod";
import { MAX_OUTPUTS } from "@vgen/contracts";
import { Dollars, Id, Int } from "./common.schema";

export const UpdateCatalogInput = z.object({
  modelId: Id,
  /** Dollars per second, parsed with parseUsd. */
  price: Dollars.optional(),
  rateLimitQps: Int(1, 10_000).optional(),
  minChargeSeconds: Int(0, 600).optional(),
  enabled: z.boolean().optional(),
  purpose: z.string().trim().min(3).max(300).optional(),
  purposeRu: z.string().trim().min(3).max(300).optional(),
  sizes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{3,4}p$/, "Sizes look like 720p."),
    )
    .min(1)
    .max(10)
    .optional(),
  minDuration: Int(1, 600).optional(),
  maxDuration: Int(1, 600).optional(),
  defaultDuration: Int(1, 600).optional(),
  supportsAudio: z.boolean().optional(),
  /** The most clips one request may ask for (`n`). */
  maxOutputs: Int(1, MAX_OUTPUTS).optional(),
  audioDefault: z.boolean().optional(),
  /** Dollars per second of a clip with sound; empty: the same as `price`. */
  audioPrice: z.union([z.literal(""), Dollars]).optional(),
  reason: z.string().trim().max(500).optional(),
});
