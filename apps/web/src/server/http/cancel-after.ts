import { ApiError } from "@vgen/contracts";
import type { ApiRequest } from "./api-request";

const DURATION = /^(?:(\d{1,5})h)?(?:(\d{1,7})m)?(?:(\d{1,9})s)?$/;

/**
 * The `Cancel-After` header in seconds (Replicate's: `90s`, `5m`, `1h30m`, or bare seconds), or
 * null without one. Its bounds are the engine's (generations/deadlines.ts).
 */
export function cancelAfterSeconds(req: ApiRequest): number | null {
  const header = req.header("cancel-after")?.trim();
  if (header === undefined) return null;
  if (/^\d{1,9}$/.test(header)) return Number(header);
  const parts = DURATION.exec(header.toLowerCase());
  if (!header || !parts || parts.slice(1).every((p) => p === undefined))
    throw new ApiError(
      "invalid_parameter",
      `Cancel-After takes a duration such as 90s, 5m or 1h30m (got "${header}").`,
      "Cancel-After",
    );
  const [, h = "0", m = "0", s = "0"] = parts;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}
