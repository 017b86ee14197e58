import { z } from "zod";

/** The optional Idempotency-Key request header of the POST operations. */
export const IdempotencyHeaders = z.object({
  "Idempotency-Key": z.string().min(1).max(255).optional().meta({
    description:
      "Makes retries safe: the same key with the same body within 24 h returns the original response (marked `Idempotent-Replayed: true`) and never creates or charges twice; the same key with a different body is `409 idempotency_key_reused`.",
    example: "4f1c2a8e-7b9d-4e3a-9c51-2d7f0e6b8a13",
  }),
});
