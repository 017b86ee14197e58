import { MAX_PROMPT_CHARS, MAX_REFERENCE_URLS, MAX_URL_CHARS } from "@vgen/contracts";
import type { useTranslations } from "next-intl";

/** The form's error messages in the page's language. */
type ErrorText = ReturnType<typeof useTranslations<"playgroundErrors">>;

export type ReferenceMode = "none" | "frames" | "references";

export interface PlaygroundForm {
  model: string;
  prompt: string;
  duration: number;
  size: string;
  aspectRatio: "16:9" | "9:16";
  referenceMode: ReferenceMode;
  firstFrameUrl: string;
  lastFrameUrl: string;
  urls: string[];
}

export type FormErrors = Partial<
  Record<"prompt" | "duration" | "size" | "firstFrameUrl" | "lastFrameUrl" | "urls0" | "urls1" | "urls2", string>
>;

function urlProblem(value: string, t: ErrorText): string | null {
  if (value.length > MAX_URL_CHARS) return t("urlTooLong", { max: MAX_URL_CHARS });
  try {
    const u = new URL(value);
    if ((u.protocol === "http:" || u.protocol === "https:") && u.hostname) return null;
  } catch {
    // fall through
  }
  return t("urlInvalid");
}

/**
 * The API's rules, checked before sending so the form can point at the field: the prompt's length,
 * the model's duration bounds and sizes, URL form, and the create body's rules (frames and references are
 * exclusive, at most 3 references, a last frame needs a first frame). The server checks them all again.
 */
export function validateForm(
  f: PlaygroundForm,
  model: { duration: { min: number; max: number }; sizes: string[] } | undefined,
  t: ErrorText,
): FormErrors {
  const e: FormErrors = {};
  const prompt = f.prompt.trim();
  if (!prompt) e.prompt = t("promptRequired");
  else if (prompt.length > MAX_PROMPT_CHARS) e.prompt = t("promptTooLong", { max: MAX_PROMPT_CHARS, length: prompt.length });
  if (model) {
    if (!Number.isInteger(f.duration) || f.duration < model.duration.min || f.duration > model.duration.max) {
      e.duration = t("duration", { min: model.duration.min, max: model.duration.max });
    }
    if (!model.sizes.includes(f.size)) e.size = t("size", { sizes: model.sizes.join(", ") });
  }
  if (f.referenceMode === "frames") {
    const first = f.firstFrameUrl.trim();
    const last = f.lastFrameUrl.trim();
    if (!first) e.firstFrameUrl = last ? t("lastNeedsFirst") : t("firstRequired");
    else {
      const p = urlProblem(first, t);
      if (p) e.firstFrameUrl = p;
    }
    if (last) {
      const p = urlProblem(last, t);
      if (p) e.lastFrameUrl = p;
    }
  }
  if (f.referenceMode === "references") {
    const filled = f.urls.map((u) => u.trim());
    if (filled.every((u) => !u)) e.urls0 = t("referenceRequired");
    filled.slice(0, MAX_REFERENCE_URLS).forEach((u, i) => {
      if (!u) return;
      const p = urlProblem(u, t);
      if (p) e[`urls${i}` as "urls0"] = p;
    });
  }
  return e;
}

/** The body sent: only the fields of the chosen reference mode, so rule 1 can never be broken. */
export function toInput(f: PlaygroundForm) {
  return {
    model: f.model,
    prompt: f.prompt,
    duration: f.duration,
    size: f.size,
    aspectRatio: f.aspectRatio,
    ...(f.referenceMode === "frames"
      ? { firstFrameUrl: f.firstFrameUrl.trim() || undefined, lastFrameUrl: f.lastFrameUrl.trim() || undefined }
      : {}),
    ...(f.referenceMode === "references"
      ? {
          urls: f.urls
            .map((u) => u.trim())
            .filter(Boolean)
            .slice(0, MAX_REFERENCE_URLS),
        }
      : {}),
  };
}
