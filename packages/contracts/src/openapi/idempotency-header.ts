import { z } from "zod";
import { MAX_DEADLINE_SECONDS, MAX_WAIT_SECONDS, MIN_DEADLINE_SECONDS } from "../generation";

/** The optional Idempotency-Key request header of the POST operations. */
export const IdempotencyHeaders = z.object({
  "Idempotency-Key": z.string().min(1).max(255).optional().meta({
    description:
      "Makes retries safe: the same key with the same body within 24 h returns the original response (marked `Idempotent-Replayed: true`) and never creates or charges twice; the same key with a different body is `409 idempotency_key_reused`.",
    example: "4f1c2a8e-7b9d-4e3a-9c51-2d7f0e6b8a13",
  }),
});

/** Create's request headers: Idempotency-Key, `Prefer: wait` and `Cancel-After`. */
export const CreateHeaders = IdempotencyHeaders.extend({
  Prefer: z
    .string()
    .optional()
    .meta({
      description: `\`wait\` or \`wait=N\` (1–${MAX_WAIT_SECONDS} s; \`wait\` alone is ${MAX_WAIT_SECONDS}): hold the answer until the generation ends, then \`200\` with the terminal record, or until N seconds pass, then \`202\` with the record as it is; both carry \`Preference-Applied\`. Asking to wait selects a JSON answer; with an event stream (\`stream: true\` or \`Accept: text/event-stream\`) it is refused (\`invalid_parameter\`, param \`Prefer\`), since the stream already follows the generation to its end. Other preferences are ignored.`,
      example: "wait=30",
    }),
  "Cancel-After": z
    .string()
    .optional()
    .meta({
      description: `Cancel the generation if it is not finished within this duration (\`90s\`, \`5m\`, \`1h30m\`, or bare seconds; ${MIN_DEADLINE_SECONDS} s to ${MAX_DEADLINE_SECONDS / 3600} h): status \`canceled\` with \`error.code\` \`deadline_exceeded\`, the hold released, the webhook sent. The body's \`deadline\` says the same as a time; with both, the earlier wins.`,
      example: "5m",
    }),
});
