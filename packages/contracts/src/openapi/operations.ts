/** Every public operation, in the order the document lists them; each file registers one. */
import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { getBalance } from "./billing/get-balance";
import { listModels } from "./catalog/list-models";
import { cancelGeneration } from "./generations/cancel-generation";
import { createGeneration } from "./generations/create-generation";
import { getGenerationResult } from "./generations/get-generation-result";
import { listGenerations } from "./generations/list-generations";
import { streamGenerationEvents } from "./generations/stream-generation-events";
import { getOpenApiDocument } from "./platform/get-openapi-document";
import { getStatus } from "./platform/get-status";
import { listErrors } from "./platform/list-errors";
import { listenWebhooks } from "./webhooks/listen-webhooks";
import { triggerWebhook } from "./webhooks/trigger-webhook";

export const OPERATIONS: readonly ((baseUrl: string) => RouteConfig)[] = [
  createGeneration,
  listGenerations,
  streamGenerationEvents,
  getGenerationResult,
  cancelGeneration,
  listModels,
  getBalance,
  listenWebhooks,
  triggerWebhook,
  listErrors,
  getStatus,
  getOpenApiDocument,
];
