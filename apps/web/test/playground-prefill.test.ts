import { describe, expect, it } from "vitest";
import { extendHref, prefillFrom } from "@/app/dashboard/playground/prefill";

/** The playground page's search params, as Next.js hands them over (a repeated name is a list). */
function paramsOf(href: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URL(href, "http://x").searchParams) {
    const had = out[k];
    out[k] = had === undefined ? v : [...[had].flat(), v];
  }
  return out;
}

describe("Extend's playground address", () => {
  const source = {
    id: "vid_7hX2kLmQ9rT4vB8nC1dE3f",
    modelId: "gen-3.1-fast",
    prompt: "a kite & a dune",
    duration: 2,
    size: "720p",
    aspectRatio: "9:16",
  };

  it("prefills the form to continue the clip: its prompt, model, size and shape, and extendFrom", () => {
    const href = extendHref(source);
    expect(href.startsWith("/dashboard/playground?")).toBe(true);
    const params = paramsOf(href);
    expect(params.model).toBe("gen-3.1-fast");
    expect(prefillFrom(params)).toEqual({
      prompt: "a kite & a dune",
      extendFrom: source.id,
      duration: 2,
      size: "720p",
      aspectRatio: "9:16",
    });
  });

  it("carries no extension without ?extend= (Run again), and none longer than an id", () => {
    expect(prefillFrom({ prompt: "x" })).toEqual({ prompt: "x" });
    expect(prefillFrom({ prompt: "x", extend: "v".repeat(500) })?.extendFrom).toHaveLength(64);
  });
});
