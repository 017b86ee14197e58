import { describe, expect, it } from "vitest";
import { ApiError, dimensionsFor, parseCreateGeneration } from "../src/index";

function codeOf(body: unknown): { code: string; param: string | null } {
  try {
    parseCreateGeneration(body);
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, param: err.param };
    throw err;
  }
  return { code: "ok", param: null };
}

const ok = { model: "gen-3.1-pro", prompt: "hello" };
const url = "https://cdn.example.com/a.png";

describe("parseCreateGeneration", () => {
  it("accepts a minimal body and trims the prompt", () => {
    expect(parseCreateGeneration({ ...ok, prompt: "  hi  " }).prompt).toBe("hi");
  });
  it("maps each rule to its own code and param", () => {
    expect(codeOf({ ...ok, urls: [url], firstFrameUrl: url })).toEqual({ code: "urls_with_frames", param: "urls" });
    expect(codeOf({ ...ok, urls: [url, url, url, url] })).toEqual({ code: "too_many_urls", param: "urls" });
    expect(codeOf({ ...ok, lastFrameUrl: url })).toEqual({ code: "last_frame_without_first_frame", param: "lastFrameUrl" });
    expect(codeOf({ ...ok, webHookEvents: ["generation.completed"] })).toEqual({
      code: "webhook_events_without_webhook",
      param: "webHookEvents",
    });
    expect(codeOf({ ...ok, webHook: url, webHookEvents: ["generation.started"] })).toEqual({
      code: "invalid_parameter",
      param: "webHookEvents[0]",
    });
    expect(codeOf({ ...ok, webHook: url, webHookEvents: [] }).code).toBe("invalid_parameter");
    expect(codeOf({ ...ok, webHook: url, webHookEvents: ["generation.failed", "generation.failed"] }).code).toBe(
      "invalid_parameter",
    );
    expect(parseCreateGeneration({ ...ok, webHook: url, webHookEvents: ["generation.progress"] }).webHookEvents).toEqual([
      "generation.progress",
    ]);
    expect(codeOf({ ...ok, aspectRatio: "1:1" })).toEqual({ code: "invalid_parameter", param: "aspectRatio" });
    expect(codeOf({ ...ok, size: "8k" })).toEqual({ code: "invalid_parameter", param: "size" });
    expect(codeOf({ ...ok, aspect_ratio: "16:9" })).toEqual({ code: "unknown_parameter", param: "aspect_ratio" });
    expect(codeOf({ prompt: "x" })).toEqual({ code: "missing_parameter", param: "model" });
    expect(codeOf({ ...ok, duration: "4" })).toEqual({ code: "invalid_parameter", param: "duration" });
    expect(codeOf({ ...ok, duration: null })).toEqual({ code: "invalid_parameter", param: "duration" });
    expect(codeOf({ ...ok, firstFrameUrl: "javascript:alert(1)" })).toEqual({ code: "invalid_url", param: "firstFrameUrl" });
    expect(codeOf({ ...ok, urls: "https://x.example" })).toEqual({ code: "invalid_parameter", param: "urls" });
    expect(codeOf([ok])).toEqual({ code: "invalid_json", param: null });
  });
  it("accepts first and last frames together", () => {
    expect(codeOf({ ...ok, firstFrameUrl: url, lastFrameUrl: url })).toEqual({ code: "ok", param: null });
  });
});

describe("dimensionsFor", () => {
  it("gives exact frame sizes per quality and shape", () => {
    expect(dimensionsFor("720p", "16:9")).toEqual({ width: 1280, height: 720 });
    expect(dimensionsFor("1080p", "9:16")).toEqual({ width: 1080, height: 1920 });
    expect(dimensionsFor("4k", "16:9")).toEqual({ width: 3840, height: 2160 });
  });
});
