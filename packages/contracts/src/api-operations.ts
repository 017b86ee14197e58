/**
 * The public API's operations, each declared once: method, path template (OpenAPI's `{param}`
 * form) and operation id. Everything else that lists them is derived from this table: the OpenAPI
 * document (openapi/operations.ts adds each one's metadata by id), the metric labels and the
 * request log's operation filter (API_ROUTE_TEMPLATES), and, in apps/web, the handler bound to
 * each id, the web server's fast path and the Next.js route files (a test checks the files).
 */
import { routeTemplate, type RouteTemplate } from "./path-template";

export type HttpMethod = "GET" | "POST";

interface ApiOperationSpec {
  /** The OpenAPI operationId, and the key the handlers and the document's metadata are bound by. */
  id: string;
  method: HttpMethod;
  path: `/api/v1/${string}`;
}

/** In the order the OpenAPI document lists them. */
export const API_OPERATIONS = [
  { id: "createGeneration", method: "POST", path: "/api/v1/videos/generations" },
  { id: "createQuote", method: "POST", path: "/api/v1/videos/quote" },
  { id: "listGenerations", method: "GET", path: "/api/v1/videos/generations" },
  { id: "streamGenerationEvents", method: "GET", path: "/api/v1/videos/generations/{id}/events" },
  { id: "getGenerationResult", method: "POST", path: "/api/v1/videos/result" },
  { id: "cancelGeneration", method: "POST", path: "/api/v1/videos/cancel" },
  { id: "concatGenerations", method: "POST", path: "/api/v1/videos/concat" },
  { id: "listModels", method: "GET", path: "/api/v1/models" },
  { id: "getBalance", method: "GET", path: "/api/v1/balance" },
  { id: "listenWebhooks", method: "GET", path: "/api/v1/webhooks/listen" },
  { id: "triggerWebhook", method: "POST", path: "/api/v1/webhooks/trigger" },
  { id: "listErrors", method: "GET", path: "/api/v1/errors" },
  { id: "getStatus", method: "GET", path: "/api/v1/status" },
  { id: "getOpenApiDocument", method: "GET", path: "/api/v1/openapi.json" },
] as const satisfies readonly ApiOperationSpec[];

type ApiOperation = (typeof API_OPERATIONS)[number];
export type ApiOperationId = ApiOperation["id"];
export type ApiPath = ApiOperation["path"];
export type ApiRouteTemplate = RouteTemplate<ApiPath>;

/**
 * Each path once, as the metric label and the request log's operation filter name it
 * (`/api/v1/videos/generations/:id/events`): one label for all the methods of a path.
 */
export const API_ROUTE_TEMPLATES: readonly ApiRouteTemplate[] = [...new Set(API_OPERATIONS.map((op) => routeTemplate(op.path)))];
