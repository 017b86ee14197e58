import { env } from "@vgen/config";
import { ApiError, type ApiErrorCode } from "@vgen/contracts";
import { newId, getDb, type Db } from "@vgen/db";
import { authenticateApiKey, keyUseRefusal, type KeyIdentity } from "@vgen/engine/accounts";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  getGenerationForAccount,
  recordOf,
  releaseIdempotencyKey,
  requestFingerprint,
  validateIdempotencyKey,
  type HeldIdempotencyClaim,
  type StoredResponse,
} from "@vgen/engine/generations";
import {
  consumeRateLimit,
  inServerSpan,
  rateLimitedError,
  recordHttpStatus,
  rateLimitHeaders,
  type RateLimitOutcome,
  logger,
} from "@vgen/engine/platform";
import { routeLabel } from "@vgen/engine/observability";
import { projectRateLimit } from "@vgen/engine/projects";
import { fromWebRequest, type ApiRequest } from "./api-request";
import { parseJson, readRawJsonBody } from "./body";
import { clientIp } from "./client-ip";
import { apiErrorOf } from "../errors/convert";
import { CLIENT_CLOSED_REQUEST, errorReply } from "../errors/http";
import { recordRequest } from "./request-log";
import type { ListenSession } from "@vgen/engine/delivery";
import { eventStreamReply, jsonReply, listenStreamReply, noContentReply, type ApiReply } from "./respond";

/** What a handler returns; the wrapper turns it into a Response and can replay it. */
export type ApiResult =
  | { kind: "json"; status: number; body: unknown; generationId?: string; headers?: Record<string, string> }
  | { kind: "stream"; generationId: string; after?: number | null }
  /** A stream with nothing left to send: 204. */
  | { kind: "no_content" };

/** A `vgen listen` stream: a GET, so never stored for an Idempotency-Key. */
type ListenResult = { kind: "listen"; session: ListenSession };

interface ApiContext {
  req: ApiRequest;
  requestId: string;
  db: Db;
  account: KeyIdentity["account"];
  apiKey: KeyIdentity["apiKey"];
  /** The parsed JSON body (for endpoints declared with `{ body: true }`). */
  body: unknown;
  /** Reports a further limit the handler consumed (the model's), for the rate-limit headers. */
  noteLimit(outcome: RateLimitOutcome): void;
  /** Tags the request for statistics (model used, generation touched). */
  tag(tags: { modelId?: string; generationId?: string }): void;
  /**
   * The Idempotency-Key claim this request holds, or null. A handler that writes stores its response
   * in its own transaction (`storedBy` gives what to store and tells the wrapper it is done), so the
   * write and the key's completion commit together; otherwise the wrapper stores it afterwards.
   */
  idempotency: IdempotentWrite | null;
}

interface IdempotentWrite {
  claim: HeldIdempotencyClaim;
  storedBy(result: ApiResult): StoredResponse;
}

interface Options {
  body?: boolean;
}

type Handler<P> = (ctx: ApiContext, params: P) => Promise<ApiResult | ListenResult>;

const ACCOUNT_QPS = env().ACCOUNT_RATE_LIMIT_QPS;
const UNAUTHENTICATED_QPS = env().UNAUTHENTICATED_RATE_LIMIT_QPS;

function bearerToken(req: ApiRequest): string | null {
  const header = req.header("authorization");
  if (!header) return null;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? "";
}

/** The prefix of a key's Idempotency-Key names: its mode, and its project unless that is the default project. */
function idempotencyNamespace(key: KeyIdentity["apiKey"]): string {
  const mode = key.livemode ? "" : "test:";
  return key.project.isDefault ? mode : `${mode}proj:${key.project.id}:`;
}

/** What a retry with the same Idempotency-Key replays: a stream is stored as 200 with its generation. */
function storedResponseOf(result: ApiResult): StoredResponse {
  if (result.kind === "stream") return { status: 200, body: null, generationId: result.generationId };
  if (result.kind === "no_content") return { status: 204, body: null, generationId: null };
  return { status: result.status, body: result.body, generationId: result.generationId ?? null };
}

function toReply(db: Db, accountId: string, result: ApiResult | ListenResult): ApiReply {
  if (result.kind === "stream")
    return eventStreamReply({ db, generationId: result.generationId, accountId, after: result.after ?? null });
  if (result.kind === "no_content") return noContentReply();
  if (result.kind === "listen") return listenStreamReply({ db, session: result.session });
  const reply = jsonReply(result.status, result.body);
  Object.assign(reply.headers, result.headers);
  return reply;
}

/** An API handler as server.ts calls it (`reply`) and as a Next.js route export (the function itself). */
export type ApiRoute<P> = ((req: Request, route: { params: Promise<P> }) => Promise<Response>) & {
  reply(req: ApiRequest, params: P): Promise<ApiReply>;
};

/**
 * The one place where a public API request is authenticated, rate limited, made idempotent,
 * turned into the error envelope on failure, given X-Request-Id, and recorded for statistics.
 */
export function withApiKey<P = unknown>(handler: Handler<P>, options: Options = {}): ApiRoute<P> {
  // The request's span (docs/operations.md#tracing): what the handler does (acceptance, queueing) is its child.
  const reply = (req: ApiRequest, params: P): Promise<ApiReply> =>
    inServerSpan(
      () => {
        const route = routeLabel(req.pathname);
        return {
          name: `${req.method} ${route}`,
          attributes: { "http.request.method": req.method, "http.route": route, "url.path": req.pathname },
        };
      },
      (name) => req.header(name),
      async (span) => {
        const res = await answer(req, params);
        recordHttpStatus(span, res.status, "server");
        const requestId = res.headers["x-request-id"];
        if (requestId) span?.setAttribute("vgen.request_id", requestId);
        return res;
      },
    );
  const answer = async (req: ApiRequest, params: P): Promise<ApiReply> => {
    const started = performance.now();
    const requestId = newId("req");
    const db = getDb();
    const tags: { modelId?: string; generationId?: string } = {};
    let account: KeyIdentity["account"] | null = null;
    let apiKey: KeyIdentity["apiKey"] | null = null;
    let limit: RateLimitOutcome | null = null;
    let held: HeldIdempotencyClaim | null = null;
    let response: ApiReply;
    let errorCode: ApiErrorCode | null = null;
    /** The body as received, for the request log too. */
    let raw = "";
    try {
      const token = bearerToken(req);
      const found = token ? await authenticateApiKey(db, token) : null;
      if (!found) {
        // Failed authentication is limited per client address, against key guessing.
        limit = await consumeRateLimit(`ip:${clientIp(req)}`, UNAUTHENTICATED_QPS);
        if (!limit.allowed) throw rateLimitedError(limit, "unauthenticated requests from this address");
        if (token === null) throw new ApiError("missing_api_key", "Send your key as `Authorization: Bearer <API_KEY>`.");
        throw new ApiError("invalid_api_key", "The API key is unknown or revoked.");
      }
      const key = found.apiKey;
      apiKey = key;
      account = found.account;
      const refusal = keyUseRefusal(key.restrictions, clientIp(req));
      if (refusal) {
        // Limited like a failed authentication, so a leaked key used from elsewhere cannot spend the account's limit.
        limit = await consumeRateLimit(`ip:${clientIp(req)}`, UNAUTHENTICATED_QPS);
        if (!limit.allowed) throw rateLimitedError(limit, "unauthenticated requests from this address");
        throw refusal;
      }
      limit = await consumeRateLimit(`acct:${account.id}`, ACCOUNT_QPS);
      if (!limit.allowed) throw rateLimitedError(limit, "this account");
      // A project with a share of the organization's rate has its own window too (docs/api.md#projects).
      const projectQps = projectRateLimit(key.project.restrictions, ACCOUNT_QPS);
      if (projectQps !== null) {
        limit = await consumeRateLimit(`proj:${key.project.id}`, projectQps);
        if (!limit.allowed) throw rateLimitedError(limit, "this API key's project");
      }

      let body: unknown;
      if (options.body) {
        raw = await readRawJsonBody(req);
        body = parseJson(raw);
      }
      const keyHeader = req.method === "POST" ? req.header("idempotency-key") : null;
      if (keyHeader !== null) {
        validateIdempotencyKey(keyHeader);
        const claim = await claimIdempotencyKey(db, {
          accountId: account.id,
          // Keys are per mode and per project: a test request never replays a live answer, nor one
          // project's key another project's (the default project keeps the names used before projects).
          key: idempotencyNamespace(key) + keyHeader,
          fingerprint: requestFingerprint(req.method, req.pathname, raw),
          token: requestId,
        });
        if (claim.kind === "replay") {
          let replayed: ApiResult;
          if (claim.status === 200 && claim.body === null && claim.generationId) {
            replayed = { kind: "stream", generationId: claim.generationId };
          } else if (claim.body === null && claim.generationId) {
            // Saved with only its generation (keys completed before responses were stored with the
            // create, kept for the 24 h window): answer with its record as of now.
            const generation = await getGenerationForAccount(db, account.id, claim.generationId, undefined, key.project.id);
            replayed = { kind: "json", status: claim.status, body: await recordOf(db, generation) };
          } else {
            replayed = { kind: "json", status: claim.status, body: claim.body };
          }
          response = toReply(db, account.id, replayed);
          response.headers["idempotent-replayed"] = "true";
          return finish(response);
        }
        held = claim.claim;
      }

      const owner = account;
      let storedByHandler = false;
      const claim = held;
      const result = await handler(
        {
          req,
          requestId,
          db,
          account: owner,
          apiKey: key,
          body,
          idempotency: claim && {
            claim,
            storedBy: (r) => {
              storedByHandler = true;
              return storedResponseOf(r);
            },
          },
          tag: (t) => Object.assign(tags, t),
          noteLimit: (outcome) => {
            limit = outcome;
          },
        },
        params,
      );
      if (claim && !storedByHandler && result.kind !== "listen")
        await completeIdempotencyKey(db, claim, storedResponseOf(result));
      held = null;
      response = toReply(db, owner.id, result);
    } catch (err) {
      if (req.closed() && !(err instanceof ApiError)) {
        // The client closed the request (reading its body failed): nobody is left to answer.
        logger.info({ requestId, path: req.pathname }, "client closed the request");
        response = jsonReply(CLIENT_CLOSED_REQUEST, null);
      } else {
        const failure = apiErrorOf(err, { requestId, path: req.pathname });
        errorCode = failure.code;
        response = errorReply(failure, requestId);
      }
      // Frees the key for a retry unless its response was stored (a handler that stored it with its
      // write keeps it). If this fails too, the claim's lease frees it.
      if (held) await releaseIdempotencyKey(db, held).catch(() => {});
    }
    return finish(response);

    function finish(res: ApiReply): ApiReply {
      res.headers["x-request-id"] = requestId;
      if (limit) Object.assign(res.headers, rateLimitHeaders(limit));
      recordRequest(db, {
        requestId,
        accountId: account?.id ?? null,
        apiKeyId: apiKey?.id ?? null,
        livemode: apiKey?.livemode ?? true,
        modelId: tags.modelId ?? null,
        generationId: tags.generationId ?? null,
        method: req.method,
        path: req.pathname,
        status: res.status,
        errorCode,
        latencyMs: Math.round(performance.now() - started),
        // The strings already made: an event stream's events are not kept (its generation has them).
        requestBody: raw || null,
        responseBody: res.body !== null && "json" in res.body ? res.body.json : null,
      });
      return res;
    }
  };
  const nextRoute = async (req: Request, route: { params: Promise<P> }) =>
    (await reply(fromWebRequest(req), await route.params)).toResponse();
  return Object.assign(nextRoute, { reply });
}
