import { ApiError, assertStorableText } from "@vgen/contracts";
import type { ApiRequest } from "./api-request";

export const MAX_BODY_BYTES = 64 * 1024;

/** Reads the raw body: 415 unless application/json, 413 past 64 KiB (counted, not trusted). */
export async function readRawJsonBody(req: ApiRequest): Promise<string> {
  const type = req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError("unsupported_media_type", "Send the body as JSON with `Content-Type: application/json`.");
  }
  const declared = Number(req.header("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("payload_too_large", "The body is larger than 64 KiB.");
  return req.text();
}

/** The parsed body; any string in it that PostgreSQL cannot store is refused here, before any schema sees it. */
export function parseJson(text: string): unknown {
  if (text.trim() === "") throw new ApiError("invalid_json", "The body is empty; send a JSON object.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ApiError("invalid_json", `The body is not valid JSON: ${(err as Error).message}`);
  }
  assertStorableText(value);
  return value;
}
