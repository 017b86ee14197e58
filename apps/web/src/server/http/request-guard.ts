import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { ApiError, isStorableText, UNSTORABLE_TEXT_MESSAGE } from "@vgen/contracts";
import { errorEnvelope } from "../errors/http";
import { applySecurityHeaders } from "./security-headers";

/** The methods any route here serves; anything else (TRACE, CONNECT, WebDAV verbs) is refused up front. */
const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * The request line's own problems, found once for every route (the API's, the dashboard's, pages):
 * a method no route serves, a path that is not percent-encoded UTF-8, and text in the path or query
 * PostgreSQL cannot store. Route params and query values are decoded from these, so no handler can
 * receive them. Null when the request may go on.
 */
export function requestLineProblem(
  method: string | undefined,
  url: string,
): { error: ApiError; headers?: Record<string, string> } | null {
  if (!method || !SERVED_METHODS.includes(method)) {
    return {
      error: new ApiError(
        "method_not_allowed",
        `${method ?? "This method"} is not served here; use ${SERVED_METHODS.join(", ")}.`,
      ),
      headers: { allow: SERVED_METHODS.join(", ") },
    };
  }
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const segment of pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return {
        error: new ApiError(
          "malformed_request",
          "The path is not valid percent-encoded UTF-8 (a bare `%` must be sent as `%25`).",
        ),
      };
    }
    if (!isStorableText(decoded)) return { error: new ApiError("malformed_request", `The path ${UNSTORABLE_TEXT_MESSAGE}.`) };
  }
  // No API endpoint ends in a slash; answering here keeps the answer JSON instead of a redirect to a 404 page.
  if (pathname.startsWith("/api/") && pathname.endsWith("/")) {
    return { error: new ApiError("route_not_found", `No endpoint ${method} ${pathname}.`) };
  }
  if (queryAt !== -1) {
    for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
      if (!isStorableText(name) || !isStorableText(value)) {
        return { error: new ApiError("invalid_parameter", `Invalid '${name}': ${UNSTORABLE_TEXT_MESSAGE}.`, name) };
      }
    }
  }
  return null;
}

/**
 * The API's promise that every error is the JSON envelope, kept for the answers Next.js writes
 * itself under /api and /cdn (its not-found page, its 405 for a method a route does not export, an uncaught error in a route handler, a body it could not
 * read): an error status without a JSON (or event-stream) body is rewritten into the envelope.
 */
export function keepApiErrorsJson(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? "/").split("?", 1)[0]!;
  if (path !== "/api" && !path.startsWith("/api/") && !path.startsWith("/cdn/")) return;
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let envelope: string | null = null;
  const callbackIn = (args: unknown[]) => args.find((a) => typeof a === "function") as (() => void) | undefined;
  // Headers go out with the first write when nobody called writeHead: decide before that write.
  const decideOnError = () => {
    if (!res.headersSent && res.statusCode >= 400) res.writeHead(res.statusCode);
  };
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const inline = rest.find((r): r is Record<string, unknown> | unknown[] => typeof r === "object" && r !== null);
    const error = status >= 400 && !hasApiBody(res, inline) ? envelopeFor(status) : null;
    if (!error) return writeHead(status, ...rest);
    const { requestId, text } = errorEnvelope(error);
    envelope = text;
    for (const name of res.getHeaderNames()) if (name !== "set-cookie" && name !== "allow") res.removeHeader(name);
    applySecurityHeaders(req, res);
    return writeHead(error.status, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "content-length": String(Buffer.byteLength(envelope)),
      "x-request-id": requestId,
      ...error.headers,
    });
  } as ServerResponse["writeHead"];
  // Whatever Next.js writes after an error status (an HTML page, a plain-text reason) is replaced by the envelope.
  res.write = ((...args: unknown[]) => {
    decideOnError();
    if (envelope === null) return write(...args);
    callbackIn(args)?.();
    return true;
  }) as ServerResponse["write"];
  res.end = ((...args: unknown[]) => {
    decideOnError();
    return envelope === null ? end(...args) : end(envelope, callbackIn(args));
  }) as ServerResponse["end"];
}

function hasApiBody(res: ServerResponse, inline: Record<string, unknown> | unknown[] | undefined): boolean {
  let type = String(res.getHeader("content-type") ?? "");
  if (Array.isArray(inline)) {
    for (let i = 0; i + 1 < inline.length; i += 2)
      if (String(inline[i]).toLowerCase() === "content-type") type = String(inline[i + 1]);
  } else if (inline) {
    for (const [name, value] of Object.entries(inline)) if (name.toLowerCase() === "content-type") type = String(value);
  }
  return /^application\/(problem\+)?json|^text\/event-stream/i.test(type);
}

function envelopeFor(status: number): ApiError | null {
  if (status === 404) return new ApiError("route_not_found", "No API endpoint at this path.");
  if (status === 405) return new ApiError("method_not_allowed", "The endpoint does not accept this HTTP method.");
  if (status === 413) return new ApiError("payload_too_large", "The body is too large.");
  if (status === 415) return new ApiError("unsupported_media_type");
  if (status === 400) return new ApiError("malformed_request", "The request could not be read.");
  if (status === 503) return new ApiError("service_unavailable", undefined, null, { "retry-after": "5" });
  if (status >= 500) return new ApiError("internal_error", "Something went wrong on our side.");
  return null;
}

/**
 * Requests Node cannot parse (an unknown method, a malformed header) never reach a route: answer
 * them with the envelope too instead of Node's empty 400.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || err.code === "ECONNRESET") return void socket.destroy();
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return void socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
  const error =
    err.code === "HPE_INVALID_METHOD"
      ? new ApiError("method_not_allowed", `The method is not served here; use ${SERVED_METHODS.join(", ")}.`)
      : new ApiError("malformed_request", "The HTTP request could not be parsed.");
  const body = errorEnvelope(error).text;
  const allow = error.code === "method_not_allowed" ? `Allow: ${SERVED_METHODS.join(", ")}\r\n` : "";
  socket.end(
    `HTTP/1.1 ${error.status} ${error.status === 405 ? "Method Not Allowed" : "Bad Request"}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${allow}Connection: close\r\n\r\n${body}`,
  );
}
