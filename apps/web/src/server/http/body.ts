import { ApiError } from "@vgen/contracts";

export const MAX_BODY_BYTES = 64 * 1024;

/** Reads the raw body: 415 unless application/json, 413 past 64 KiB (counted, not trusted). */
export async function readRawJsonBody(req: Request): Promise<string> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError("unsupported_media_type", "Send the body as JSON with `Content-Type: application/json`.");
  }
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("payload_too_large", "The body is larger than 64 KiB.");
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw new ApiError("payload_too_large", "The body is larger than 64 KiB.");
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function parseJson(text: string): unknown {
  if (text.trim() === "") throw new ApiError("invalid_json", "The body is empty; send a JSON object.");
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError("invalid_json", `The body is not valid JSON: ${(err as Error).message}`);
  }
}
