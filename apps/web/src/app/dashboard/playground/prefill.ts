import type { z } from "zod";
import { ASPECT_RATIOS, MAX_PROMPT_CHARS, MAX_REFERENCE_URLS, MAX_URL_CHARS } from "@vgen/contracts";
import type { PlaygroundCreateInput } from "@/server/routers/playground/create.schema";

/** Which images the playground sends: none, a first (and last) frame, or reference images. */
export type ReferenceMode = "none" | "frames" | "references";

/** Fields of the playground's form laid over a model's defaults, and the image mode they use. */
export type Prefill = Partial<z.input<typeof PlaygroundCreateInput>> & { referenceMode?: ReferenceMode };

/** The inputs of an earlier generation that "Run again" carries into the playground. */
export interface RerunInputs {
  modelId: string;
  prompt: string;
  duration: number;
  size: string;
  aspectRatio: string;
  firstFrameUrl: string | null;
  lastFrameUrl: string | null;
  urls: string[];
}

/** The playground's address with the form filled in from `g`, so it can be sent again as is or edited. */
export function rerunHref(g: RerunInputs): string {
  const q = new URLSearchParams({
    model: g.modelId,
    prompt: g.prompt,
    duration: String(g.duration),
    size: g.size,
    aspect: g.aspectRatio,
  });
  if (g.firstFrameUrl) q.set("first", g.firstFrameUrl);
  if (g.lastFrameUrl) q.set("last", g.lastFrameUrl);
  for (const u of g.urls) q.append("ref", u);
  return `/dashboard/playground?${q}`;
}

/**
 * The playground's address to continue `g` ("Extend"): its prompt to edit, its model, size and shape
 * (an extension keeps them; the engine refuses others), and `?extend=` naming the clip it continues.
 */
export function extendHref(g: Pick<RerunInputs, "modelId" | "prompt" | "duration" | "size" | "aspectRatio"> & { id: string }) {
  const q = new URLSearchParams({
    model: g.modelId,
    prompt: g.prompt,
    duration: String(g.duration),
    size: g.size,
    aspect: g.aspectRatio,
    extend: g.id,
  });
  return `/dashboard/playground?${q}`;
}

type SearchParams = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined, max: number) => (typeof v === "string" ? v.slice(0, max) : "");
const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v : typeof v === "string" ? [v] : []);

/**
 * The form fields a rerunHref (or extendHref) address carries (the model is read separately, as `?model=`); null
 * when it carries no prompt. The form's schema judges the values, as if they had been typed.
 */
export function prefillFrom(params: SearchParams): Prefill | null {
  const prompt = one(params.prompt, MAX_PROMPT_CHARS);
  if (!prompt) return null;
  const first = one(params.first, MAX_URL_CHARS);
  const last = one(params.last, MAX_URL_CHARS);
  const refs = many(params.ref)
    .slice(0, MAX_REFERENCE_URLS)
    .map((u) => u.slice(0, MAX_URL_CHARS));
  const aspect = ASPECT_RATIOS.find((a) => a === params.aspect);
  const duration = Number(one(params.duration, 4));
  const extendFrom = one(params.extend, 64);
  return {
    prompt,
    ...(extendFrom ? { extendFrom } : {}),
    ...(Number.isInteger(duration) && duration > 0 ? { duration } : {}),
    ...(one(params.size, 20) ? { size: one(params.size, 20) } : {}),
    ...(aspect ? { aspectRatio: aspect } : {}),
    ...(first || last
      ? { referenceMode: "frames" as const, firstFrameUrl: first, lastFrameUrl: last }
      : refs.length > 0
        ? { referenceMode: "references" as const, urls: [...refs, "", "", ""].slice(0, MAX_REFERENCE_URLS) }
        : {}),
  };
}
