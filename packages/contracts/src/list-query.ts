/**
 * The list query of paginated endpoints (GET /api/v1/videos/generations): one schema that both
 * validates the request and documents the query parameters in the OpenAPI document.
 */
import { z } from "zod";
import { ApiError } from "./errors";

export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 20;

export const ListQuery = z.object({
  // Query values arrive as strings; coercion reads them as Number() does ("1e1" is 10, "" is 0).
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_LIMIT)
    .optional()
    .meta({ description: `Page size, 1-${MAX_PAGE_LIMIT}; default ${DEFAULT_PAGE_LIMIT}.`, example: DEFAULT_PAGE_LIMIT }),
  cursor: z.string().optional().meta({ description: "`next_cursor` of the previous page, unchanged." }),
});

/** Reads `limit` and `cursor` (the first of each when repeated); an empty cursor means the first page. */
export function parseListQuery(params: URLSearchParams): { limit: number; cursor: string | null } {
  const parsed = ListQuery.safeParse({ limit: params.get("limit") ?? undefined, cursor: params.get("cursor") ?? undefined });
  // Only `limit` can fail here: `cursor` is any string, decoded by the engine (`invalid_cursor`).
  if (!parsed.success) {
    throw new ApiError("invalid_parameter", `Invalid 'limit': must be an integer from 1 to ${MAX_PAGE_LIMIT}.`, "limit");
  }
  return { limit: parsed.data.limit ?? DEFAULT_PAGE_LIMIT, cursor: parsed.data.cursor || null };
}
