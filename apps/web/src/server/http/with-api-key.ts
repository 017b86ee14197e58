import { ApiError, type ApiErrorCode } from "@vgen/contracts";
import { newId, getDb, type Account, type ApiKey, type Db } from "@vgen/db";
import { authenticateApiKey, logger } from "@vgen/engine";
import { errorResponse } from "./respond";
import { recordRequest } from "./request-log";

export interface ApiContext {
  req: Request;
  requestId: string;
  db: Db;
  account: Account;
  apiKey: ApiKey;
  /** Tags the request for statistics (model used, generation touched). */
  tag(tags: { modelId?: string; generationId?: string }): void;
}

type Handler<P> = (ctx: ApiContext, params: P) => Promise<Response>;

function bearerToken(req: Request): string | null {
  const header = req.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : "";
}

/**
 * The one place where a public API request is authenticated, failures become the error envelope,
 * every response gets X-Request-Id, and the request is recorded for statistics.
 */
export function withApiKey<P = unknown>(handler: Handler<P>) {
  return async (req: Request, route: { params: Promise<P> }): Promise<Response> => {
    const started = performance.now();
    const requestId = newId("request");
    const db = getDb();
    const tags: { modelId?: string; generationId?: string } = {};
    let account: Account | null = null;
    let apiKey: ApiKey | null = null;
    let response: Response;
    let errorCode: ApiErrorCode | null = null;
    try {
      const token = bearerToken(req);
      if (token === null) throw new ApiError("missing_api_key", "Send your key as `Authorization: Bearer <API_KEY>`.");
      const found = token ? await authenticateApiKey(db, token) : null;
      if (!found) throw new ApiError("invalid_api_key", "The API key is unknown or revoked.");
      apiKey = found;
      account = found.account;
      response = await handler(
        { req, requestId, db, account, apiKey, tag: (t) => Object.assign(tags, t) },
        await route.params,
      );
      response.headers.set("x-request-id", requestId);
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      if (!apiError) logger.error({ err, requestId, path: new URL(req.url).pathname }, "unhandled API error");
      const failure = apiError ?? new ApiError("internal_error", `Something went wrong on our side (request ${requestId}).`);
      errorCode = failure.code;
      response = errorResponse(failure, requestId);
    }
    recordRequest(db, {
      requestId,
      accountId: account?.id ?? null,
      apiKeyId: apiKey?.id ?? null,
      modelId: tags.modelId ?? null,
      generationId: tags.generationId ?? null,
      method: req.method,
      path: new URL(req.url).pathname,
      status: response.status,
      errorCode,
      latencyMs: Math.round(performance.now() - started),
    });
    return response;
  };
}
