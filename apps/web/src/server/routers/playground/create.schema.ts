import { z } from "zod";
import { MAX_NEGATIVE_PROMPT_CHARS, MAX_OUTPUTS, MAX_PROMPT_CHARS, MAX_SEED, MAX_URL_CHARS } from "@vgen/contracts";
import { rule } from "../../../i18n/validation";

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/** An image URL as the API takes it (absolute http(s), at most MAX_URL_CHARS); empty passes, as "not given". */
const imageUrlOrEmpty = z
  .string()
  .trim()
  .refine((value) => value.length <= MAX_URL_CHARS, { ...rule("urlTooLong", { max: MAX_URL_CHARS }), abort: true })
  .refine((value) => value === "" || isHttpUrl(value), rule("urlInvalid"));

/**
 * The playground's request: the API's rules on each field (prompt length, URL form), worded for
 * the form, and the form's own: a first frame or reference list it sends is filled in. The rules
 * that need the catalog (the model's durations and sizes) and the create body's cross-field rules are
 * the API's own, applied by the engine in the handler with the API's catalog codes and messages.
 */
export const PlaygroundCreateInput = z.object({
  model: z.string().max(100),
  prompt: z
    .string()
    .trim()
    .refine((value) => value !== "", { ...rule("promptRequired"), abort: true })
    .refine((value) => value.length <= MAX_PROMPT_CHARS, rule("promptTooLong", { max: MAX_PROMPT_CHARS })),
  duration: z.number().int().optional(),
  size: z.string().max(20).optional(),
  aspectRatio: z.string().max(20).optional(),
  /** Bounds are the API's (refused under the field with its message); the form sends none when empty. */
  seed: z.number().int().min(0).max(MAX_SEED).optional(),
  negativePrompt: z.string().trim().max(MAX_NEGATIVE_PROMPT_CHARS).optional(),
  generateAudio: z.boolean().optional(),
  /** Clips of the request (the API's `n`); the form offers 1 to the model's `max_outputs`. */
  n: z.number().int().min(1).max(MAX_OUTPUTS).optional(),
  /** Sent in the first/last frame mode, where it is required. */
  firstFrameUrl: imageUrlOrEmpty.refine((value) => value !== "", rule("firstRequired")).optional(),
  lastFrameUrl: imageUrlOrEmpty.optional(),
  /** Sent in the reference mode: the filled ones, at least one. */
  urls: z
    .array(imageUrlOrEmpty)
    .max(10)
    .transform((urls) => urls.filter(Boolean))
    .refine((urls) => urls.length > 0, { ...rule("referenceRequired"), path: [0] })
    .optional(),
  /** The completed clip this one continues ("Extend"); the engine checks it is the account's and inherits its size and shape. */
  extendFrom: z.string().trim().max(64).optional(),
  /** The binding quote shown for exactly these values (playground.quote), whose cost is the ceiling. */
  quoteId: z.string().max(64).optional(),
});

/** The form's values as the API's create body: fields left empty are not sent (a quote's body is the same). */
export function apiBodyOf(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ""));
}
