import type { API_OPERATIONS, ApiOperationId } from "@vgen/contracts";
import type { ApiRoute } from "../http/with-api-key";
import type { withPublic } from "../http/with-public";
import { cancelGenerationRoute } from "./cancel-generation";
import { concatGenerationsRoute } from "./concat-generations";
import { createGenerationRoute } from "./create-generation";
import { createQuoteRoute } from "./create-quote";
import { getGenerationEvents } from "./generation-events";
import { getBalanceRoute } from "./get-balance";
import { getOpenApiDocumentRoute } from "./get-openapi-document";
import { getResultRoute } from "./get-result";
import { getStatusRoute } from "./get-status";
import { listErrorsRoute } from "./list-errors";
import { listGenerationsRoute } from "./list-generations";
import { listModelsRoute } from "./list-models";
import { listenWebhooksRoute } from "./listen-webhooks";
import { triggerWebhookRoute } from "./trigger-webhook";

/** The params a path template's `{name}` segments give its handler. */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Tail}`
  ? { [K in Name]: string } & PathParams<Tail>
  : unknown;
type PathOf<Id extends ApiOperationId> = Extract<(typeof API_OPERATIONS)[number], { id: Id }>["path"];

/** A handler of a public (no key) operation; Next.js serves these. */
export type PublicRoute = ReturnType<typeof withPublic>;
/** A handler behind an API key (server.ts's fast path and Next.js), or a public one. */
type OperationHandler<Id extends ApiOperationId> = ApiRoute<PathParams<PathOf<Id>>> | PublicRoute;

/**
 * The handler of each operation of the route table (@vgen/contracts API_OPERATIONS): a table
 * operation without one, or with one for other params than its path's, does not compile.
 */
export const OPERATION_HANDLERS: { [Id in ApiOperationId]: OperationHandler<Id> } = {
  createGeneration: createGenerationRoute,
  createQuote: createQuoteRoute,
  listGenerations: listGenerationsRoute,
  streamGenerationEvents: getGenerationEvents,
  getGenerationResult: getResultRoute,
  cancelGeneration: cancelGenerationRoute,
  concatGenerations: concatGenerationsRoute,
  listModels: listModelsRoute,
  getBalance: getBalanceRoute,
  listenWebhooks: listenWebhooksRoute,
  triggerWebhook: triggerWebhookRoute,
  listErrors: listErrorsRoute,
  getStatus: getStatusRoute,
  getOpenApiDocument: getOpenApiDocumentRoute,
};

/** Operations whose HEAD is a 405: served as a GET it would open a listen session and a stream nobody reads. */
export const HEAD_REFUSED: ReadonlySet<ApiOperationId> = new Set(["listenWebhooks"]);
