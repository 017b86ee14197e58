import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "@vgen/contracts";
import { newId } from "@vgen/db";
import { logger } from "@vgen/engine";
import { cancelGenerationRoute } from "../api/cancel-generation";
import { createGenerationRoute } from "../api/create-generation";
import { getGenerationEvents } from "../api/generation-events";
import { getResultRoute } from "../api/get-result";
import { listGenerationsRoute } from "../api/list-generations";
import { listModelsRoute } from "../api/list-models";
import { MAX_BODY_BYTES } from "./body";
import { errorResponse } from "./respond";
import { eventStreamBehind, streamGenerationEvents, type EventStreamSpec } from "./sse";

type RouteHandler = (req: Request, route: { params: Promise<Record<string, string>> }) => Promise<Response>;

interface NodeRoute {
  method: string;
  /** Matches the path; its named groups are the route's params. */
  pattern: RegExp;
  handler: RouteHandler;
}

/**
 * Routes server.ts answers itself, with the very handlers Next.js serves them with (same auth,
 * limits, idempotency, errors and request log): the public API's operations. Next.js's
 * per-request machinery costs more CPU than the whole operation (about 1.4 ms per request
 * against under 1 ms for a poll), and more memory per open event stream (60-80 KB) than the
 * stream itself. Everything else (dashboard, pages, other routes) is Next.js's.
 */
const ROUTES: NodeRoute[] = [
  { method: "GET", pattern: /^\/api\/v1\/videos\/generations\/(?<id>[^/]+)\/events$/, handler: getGenerationEvents as RouteHandler },
  // Creating a generation streams it by default.
  { method: "POST", pattern: /^\/api\/v1\/videos\/generations$/, handler: createGenerationRoute as RouteHandler },
  { method: "GET", pattern: /^\/api\/v1\/videos\/generations$/, handler: listGenerationsRoute as RouteHandler },
  { method: "POST", pattern: /^\/api\/v1\/videos\/result$/, handler: getResultRoute as RouteHandler },
  { method: "POST", pattern: /^\/api\/v1\/videos\/cancel$/, handler: cancelGenerationRoute as RouteHandler },
  { method: "GET", pattern: /^\/api\/v1\/models$/, handler: listModelsRoute as RouteHandler },
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
      return false; // Malformed escapes: Next.js answers as it always did.
    }
    answer(route, params, req, res)
      .catch((err: unknown) => answerFailure(err, pathname, res))
      .catch(() => res.destroy());
    return true;
  }
  return false;
}

async function answer(route: NodeRoute, params: Record<string, string>, req: IncomingMessage, res: ServerResponse) {
  const requestBody = req.method === "GET" || req.method === "HEAD" ? null : await readBody(req);
  const response = await route.handler(toWebRequest(req, requestBody), { params: Promise.resolve(params) });
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) headers[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const stream = eventStreamBehind(response);
  if (stream) {
    // The client may have left while the handler ran: no stream for a closed socket.
    if (res.destroyed) return;
    res.writeHead(response.status, headers);
    return serveEventStream(res, stream);
  }
  const body = Buffer.from(await response.arrayBuffer());
  headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Handlers answer every error themselves; this is the transport failing under them. */
async function answerFailure(err: unknown, pathname: string, res: ServerResponse) {
  const requestId = newId("request");
  logger.error({ err, requestId, path: pathname }, "node route failed");
  if (res.headersSent) return void res.end();
  const failure = errorResponse(new ApiError("internal_error", `Something went wrong on our side (request ${requestId}).`), requestId);
  res.writeHead(failure.status, Object.fromEntries(failure.headers));
  res.end(await failure.text());
}

/**
 * The body, in memory (API bodies are small JSON): up to one byte past the limit, so the handler's
 * own check refuses a larger one as too large; the rest is left unread (Node discards it).
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
        req.pause();
        done();
      }
    };
    req.on("data", onData).on("end", done).on("error", reject);
  });
}

function toWebRequest(req: IncomingMessage, body: Buffer | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const url = `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;
  return new Request(url, { method: req.method, headers, body: body?.toString("utf8") });
}

function serveEventStream(res: ServerResponse, spec: EventStreamSpec) {
  const stop = streamGenerationEvents(
    {
      write(text) {
        if (res.destroyed) return;
        if (res.writableLength > MAX_BUFFERED_BYTES) return void res.destroy();
        res.write(text);
      },
      end() {
        if (!res.destroyed) res.end();
      },
    },
    spec.db,
    spec.generationId,
    spec.accountId,
  );
  res.on("close", stop);
}
