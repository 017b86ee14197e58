import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "@vgen/contracts";
import { newId } from "@vgen/db";
import { logger } from "@vgen/engine/platform";
import { cancelGenerationRoute } from "../api/cancel-generation";
import { createGenerationRoute } from "../api/create-generation";
import { getBalanceRoute } from "../api/get-balance";
import { getGenerationEvents } from "../api/generation-events";
import { getResultRoute } from "../api/get-result";
import { listenWebhooksRoute } from "../api/listen-webhooks";
import { triggerWebhookRoute } from "../api/trigger-webhook";
import { listGenerationsRoute } from "../api/list-generations";
import { listModelsRoute } from "../api/list-models";
import { MAX_BODY_BYTES } from "./body";
import { fromNodeRequest, type ApiRequest } from "./api-request";
import { apiErrorFor } from "./failure";
import { writeApiError } from "./request-guard";
import { errorReply, type ApiReply } from "./respond";
import { streamListenEvents } from "./listen-stream";
import { type EventSink, streamGenerationEvents, type EventStreamSpec } from "./sse";
import type { ApiRoute } from "./with-api-key";

interface NodeRoute {
  method: string;
  /** Matches the path; its named groups are the route's params. */
  pattern: RegExp;
  reply(req: ApiRequest, params: Record<string, string>): Promise<ApiReply>;
}

/** The pattern's named groups are exactly the handler's params. */
function route<P>(method: string, pattern: RegExp, handler: ApiRoute<P>): NodeRoute {
  return { method, pattern, reply: (req, params) => handler.reply(req, params as P) };
}

/**
 * Routes server.ts answers itself, with the very handlers Next.js serves them with (same auth,
 * limits, idempotency, errors and request log): the public API's operations. Next.js's
 * per-request machinery costs more CPU than the whole operation (about 1.4 ms per request
 * against under 1 ms for a poll), and more memory per open event stream (60-80 KB) than the
 * stream itself. Everything else (dashboard, pages, other routes) is Next.js's.
 */
const ROUTES: NodeRoute[] = [
  route("GET", /^\/api\/v1\/videos\/generations\/(?<id>[^/]+)\/events$/, getGenerationEvents),
  // Creating a generation streams it by default.
  route("POST", /^\/api\/v1\/videos\/generations$/, createGenerationRoute),
  route("GET", /^\/api\/v1\/videos\/generations$/, listGenerationsRoute),
  route("POST", /^\/api\/v1\/videos\/result$/, getResultRoute),
  route("POST", /^\/api\/v1\/videos\/cancel$/, cancelGenerationRoute),
  route("GET", /^\/api\/v1\/models$/, listModelsRoute),
  route("GET", /^\/api\/v1\/balance$/, getBalanceRoute),
  route("GET", /^\/api\/v1\/webhooks\/listen$/, listenWebhooksRoute),
  route("POST", /^\/api\/v1\/webhooks\/trigger$/, triggerWebhookRoute),
];

/** A client that stops reading is cut off once this much is waiting for it. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Answers the request if it is one of ROUTES; false lets Next.js answer it. */
export function serveNodeRoute(req: IncomingMessage, res: ServerResponse): boolean {
  const pathname = (req.url ?? "/").split("?", 1)[0]!;
  for (const route of ROUTES) {
    if (req.method !== route.method) continue;
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    try {
      for (const [name, value] of Object.entries(match.groups ?? {})) params[name] = decodeURIComponent(value);
    } catch {
      writeApiError(res, new ApiError("malformed_request", "The path is not valid percent-encoded UTF-8."));
      return true;
    }
    answer(route, params, req, res)
      .catch((err: unknown) => answerFailure(err, pathname, req, res))
      .catch(() => res.destroy());
    return true;
  }
  return false;
}

async function answer(route: NodeRoute, params: Record<string, string>, req: IncomingMessage, res: ServerResponse) {
  const requestBody = req.method === "GET" || req.method === "HEAD" ? null : await readBody(req);
  const reply = await route.reply(fromNodeRequest(req, requestBody), params);
  if (reply.body !== null && ("stream" in reply.body || "listen" in reply.body)) {
    // The client may have left while the handler ran: no stream for a closed socket.
    if (res.destroyed) return;
    res.writeHead(reply.status, reply.headers);
    if ("listen" in reply.body) return void res.on("close", streamListenEvents(socketSink(res), reply.body.listen));
    return serveEventStream(res, reply.body.stream);
  }
  writeJson(res, reply);
}

function writeJson(res: ServerResponse, reply: ApiReply) {
  if (reply.body === null) {
    res.writeHead(reply.status, reply.headers);
    return void res.end();
  }
  if (!("json" in reply.body)) return;
  reply.headers["content-length"] = String(Buffer.byteLength(reply.body.json));
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body.json);
}

/** Handlers answer every error themselves; this is the transport failing under them (or the client leaving). */
function answerFailure(err: unknown, pathname: string, req: IncomingMessage, res: ServerResponse) {
  const requestId = newId("request");
  if (req.socket.destroyed || res.destroyed) {
    logger.info({ requestId, path: pathname }, "client closed the request");
    return;
  }
  if (res.headersSent) {
    logger.error({ err, requestId, path: pathname }, "node route failed after its headers were sent");
    return void res.end();
  }
  writeJson(res, errorReply(apiErrorFor(err, requestId, pathname), requestId));
}

/**
 * The body, in memory (API bodies are small JSON): up to one byte past the limit, so the handler's
 * own check refuses a larger one as too large. The rest is read and dropped: left unread, it would
 * hold the kept-alive connection, and the client's next request on it would never be answered.
 */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData).off("end", done).off("error", reject);
      resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done();
        req.resume();
      }
    };
    req.on("data", onData).on("end", done).on("error", reject);
  });
}

function socketSink(res: ServerResponse): EventSink {
  return {
    write(text) {
      if (res.destroyed) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) return void res.destroy();
      res.write(text);
    },
    end() {
      if (!res.destroyed) res.end();
    },
  };
}

function serveEventStream(res: ServerResponse, spec: EventStreamSpec) {
  const stop = streamGenerationEvents(socketSink(res), spec);
  res.on("close", stop);
}
