import type { IncomingMessage, ServerResponse } from "node:http";
import { API_OPERATIONS, ApiError, pathPattern } from "@vgen/contracts";
import { newId } from "@vgen/db";
import { logger } from "@vgen/engine/platform";
import { OPERATION_HANDLERS, type PublicRoute } from "../api/operations";
import { MAX_BODY_BYTES } from "./body";
import { fromNodeRequest, type ApiRequest } from "./api-request";
import { apiErrorOf } from "../errors/convert";
import { errorReply, writeApiError } from "../errors/http";
import type { ApiReply } from "./respond";
import { streamListenEvents } from "./listen-stream";
import { type EventSink, streamGenerationEvents, type EventStreamSpec } from "./sse";
import type { ApiRoute } from "./with-api-key";

interface NodeRoute {
  method: string;
  /** Matches the path; its named groups are the route's params. */
  pattern: RegExp;
  reply(req: ApiRequest, params: Record<string, string>): Promise<ApiReply>;
}

/**
 * Routes server.ts answers itself, with the very handlers Next.js serves them with (same auth,
 * limits, idempotency, errors and request log): the route table's operations behind an API key
 * (the public ones are left to Next.js). Next.js's per-request machinery costs more CPU than the
 * whole operation (about 1.4 ms per request against under 1 ms for a poll), and more memory per
 * open event stream (60-80 KB) than the stream itself. Everything else (dashboard, pages, other
 * routes) is Next.js's. Compiled once, when the module loads.
 */
const ROUTES: NodeRoute[] = API_OPERATIONS.flatMap((op) => {
  // The pattern's named groups are exactly the handler's params (OPERATION_HANDLERS' type).
  const handler = OPERATION_HANDLERS[op.id] as ApiRoute<Record<string, string>> | PublicRoute;
  if (!("reply" in handler)) return [];
  return [{ method: op.method, pattern: pathPattern(op.path), reply: handler.reply }];
});

/** A client that stops reading is cut off once this much is waiting for it. */
const MAX_BUFFERED_BYTES = 256 * 1024;

const NO_PARAMS: Record<string, string> = Object.freeze({});

/** The route of ROUTES a request is for, with its params (still percent-encoded), or null. */
export function matchNodeRoute(
  method: string | undefined,
  pathname: string,
): { route: NodeRoute; encoded: Record<string, string> } | null {
  for (const route of ROUTES) {
    if (method !== route.method) continue;
    const match = route.pattern.exec(pathname);
    if (match) return { route, encoded: match.groups ?? NO_PARAMS };
  }
  return null;
}

/** Answers the request if it is one of ROUTES; false lets Next.js answer it. */
export function serveNodeRoute(req: IncomingMessage, res: ServerResponse): boolean {
  const pathname = (req.url ?? "/").split("?", 1)[0]!;
  const found = matchNodeRoute(req.method, pathname);
  if (!found) return false;
  const params: Record<string, string> = {};
  try {
    for (const name in found.encoded) params[name] = decodeURIComponent(found.encoded[name]!);
  } catch {
    writeApiError(res, new ApiError("malformed_request", "The path is not valid percent-encoded UTF-8."));
    return true;
  }
  answer(found.route, params, req, res)
    .catch((err: unknown) => answerFailure(err, pathname, req, res))
    .catch(() => res.destroy());
  return true;
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
  const requestId = newId("req");
  if (req.socket.destroyed || res.destroyed) {
    logger.info({ requestId, path: pathname }, "client closed the request");
    return;
  }
  if (res.headersSent) {
    logger.error({ err, requestId, path: pathname }, "node route failed after its headers were sent");
    return void res.end();
  }
  writeJson(res, errorReply(apiErrorOf(err, { requestId, path: pathname }), requestId));
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
