import { ApiError, MAX_WAIT_SECONDS } from "@vgen/contracts";
import type { ApiRequest } from "./api-request";

const invalid = (message: string) => new ApiError("invalid_parameter", message, "Prefer");

/**
 * The seconds a `Prefer: wait` or `Prefer: wait=N` header asks to hold the answer (RFC 7240), or
 * null without one. Other preferences are ignored, as the RFC says; a wait outside 1–60 is refused.
 */
export function preferredWait(req: ApiRequest): number | null {
  const header = req.header("prefer");
  if (!header) return null;
  for (const part of header.split(",")) {
    const [token = "", value] = part
      .split(";")[0]!
      .split("=")
      .map((s) => s.trim());
    if (token.toLowerCase() !== "wait") continue;
    if (value === undefined) return MAX_WAIT_SECONDS;
    const raw = value.replace(/^"|"$/g, "");
    const seconds = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(seconds >= 1 && seconds <= MAX_WAIT_SECONDS))
      throw invalid(`Prefer: wait=N takes whole seconds from 1 to ${MAX_WAIT_SECONDS} (got "${value}").`);
    return seconds;
  }
  return null;
}
