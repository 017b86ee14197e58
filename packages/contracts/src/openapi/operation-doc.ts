import type { RouteConfig } from "@asteasolutions/zod-to-openapi";

/** An operation's OpenAPI metadata: all but its method, path and id, which the route table declares. */
export type OperationDoc = Omit<RouteConfig, "method" | "path" | "operationId">;
