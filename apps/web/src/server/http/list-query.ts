import { ApiError } from "@vgen/contracts";

export const MAX_PAGE_SIZE = 100;

export function parseListQuery(params: URLSearchParams): { limit: number; cursor: string | null } {
  const rawLimit = params.get("limit");
  let limit = 20;
  if (rawLimit !== null) {
    limit = Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
      throw new ApiError("invalid_parameter", `Invalid 'limit': must be an integer from 1 to ${MAX_PAGE_SIZE}.`, "limit");
    }
  }
  return { limit, cursor: params.get("cursor") || null };
}
