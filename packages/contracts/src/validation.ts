import type { z } from "zod";
import { ApiError } from "./errors";
import { CreateGenerationBody, type CreateGenerationInput } from "./generation";

const URL_FIELDS = new Set(["firstFrameUrl", "lastFrameUrl", "urls", "webHook"]);

function paramOf(path: PropertyKey[]): string | null {
  if (path.length === 0) return null;
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");
}

/** Turns the first zod issue into the catalog error a developer can act on. */
export function zodIssueToApiError(error: z.ZodError, input: Record<string, unknown>): ApiError {
  const issues = error.issues;
  const unknown = issues.find((i) => i.code === "unrecognized_keys");
  if (unknown && unknown.code === "unrecognized_keys") {
    const key = unknown.keys[0]!;
    return new ApiError("unknown_parameter", `Unknown parameter: '${key}'.`, paramOf([...unknown.path, key]));
  }
  // zod 4 does not report the input by default, so absence is read from the body itself.
  const missing = issues.find((i) => i.code === "invalid_type" && i.path.length === 1 && input[String(i.path[0])] === undefined);
  if (missing) {
    const param = paramOf(missing.path);
    return new ApiError("missing_parameter", `Missing required parameter: '${param}'.`, param);
  }
  const issue = issues[0]!;
  const param = paramOf(issue.path);
  const top = String(issue.path[0] ?? "");
  if (top === "urls" && issue.code === "too_big" && issue.path.length === 1) {
    return new ApiError("too_many_urls", "`urls` holds at most 3 entries.", "urls");
  }
  if (URL_FIELDS.has(top) && issue.code !== "invalid_type" && !(top === "urls" && issue.path.length === 1)) {
    return new ApiError("invalid_url", `'${param}' must be an absolute http(s) URL of at most 2048 characters.`, param);
  }
  return new ApiError("invalid_parameter", `Invalid '${param}': ${issue.message}.`, param);
}

/** The create body's cross-field rules (docs/api.md#the-create-body), in a fixed order so each has its own code. */
export function checkGenerationRules(input: CreateGenerationInput): void {
  const hasFrames = input.firstFrameUrl !== undefined || input.lastFrameUrl !== undefined;
  if (input.urls !== undefined && hasFrames) {
    throw new ApiError("urls_with_frames", "`urls` cannot be combined with `firstFrameUrl` or `lastFrameUrl`.", "urls");
  }
  if (input.lastFrameUrl !== undefined && input.firstFrameUrl === undefined) {
    throw new ApiError("last_frame_without_first_frame", "`lastFrameUrl` requires `firstFrameUrl`.", "lastFrameUrl");
  }
  if (input.extendFrom !== undefined && (hasFrames || input.urls !== undefined)) {
    throw new ApiError(
      "extend_with_images",
      "`extendFrom` cannot be combined with `firstFrameUrl`, `lastFrameUrl` or `urls`: the extension starts from the source's last frame.",
      "extendFrom",
    );
  }
  if (input.webHookEvents !== undefined && input.webHook === undefined) {
    throw new ApiError("webhook_events_without_webhook", "`webHookEvents` requires `webHook`.", "webHookEvents");
  }
}

export function parseCreateGeneration(body: unknown): CreateGenerationInput {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("invalid_json", "The body must be a JSON object.");
  }
  const parsed = CreateGenerationBody.safeParse(body);
  if (!parsed.success) throw zodIssueToApiError(parsed.error, body as Record<string, unknown>);
  checkGenerationRules(parsed.data);
  return parsed.data;
}

/** Parses any body against a strict schema with the same error mapping. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("invalid_json", "The body must be a JSON object.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw zodIssueToApiError(parsed.error, body as Record<string, unknown>);
  return parsed.data;
}
