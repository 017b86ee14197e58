/** The OpenAPI entry of every public operation: the route table's method, path and id, with its metadata by id. */
import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { API_OPERATIONS, type ApiOperationId } from "../api-operations";
import { getBalance } from "./billing/get-balance";
import { listModels } from "./catalog/list-models";
import { cancelGeneration } from "./generations/cancel-generation";
import { concatGenerations } from "./generations/concat-generations";
import { createGeneration } from "./generations/create-generation";
import { createQuote } from "./generations/create-quote";
import { getGenerationResult } from "./generations/get-generation-result";
import { listGenerations } from "./generations/list-generations";
import { streamGenerationEvents } from "./generations/stream-generation-events";
import type { OperationDoc } from "./operation-doc";
import { getOpenApiDocument } from "./platform/get-openapi-document";
import { getStatus } from "./platform/get-status";
import { listErrors } from "./platform/list-errors";
import { listenWebhooks } from "./webhooks/listen-webhooks";
import { triggerWebhook } from "./webhooks/trigger-webhook";

/** One file per operation; a table operation without its metadata here does not compile. */
const DOCS: Record<ApiOperationId, (baseUrl: string) => OperationDoc> = {
  createGeneration,
  createQuote,
  listGenerations,
  streamGenerationEvents,
  getGenerationResult,
  cancelGeneration,
  concatGenerations,
  listModels,
  getBalance,
  listenWebhooks,
  triggerWebhook,
  listErrors,
  getStatus,
  getOpenApiDocument,
};

/** In the table's order, which is the document's. */
export function operationConfigs(baseUrl: string): RouteConfig[] {
  return API_OPERATIONS.map((op) => ({
    method: op.method === "GET" ? "get" : "post",
    path: op.path,
    operationId: op.id,
    ...DOCS[op.id](baseUrl),
  }));
}
