import type { ServerResponse } from "node:http";
import type { ApiError } from "@vgen/contracts";
import { newId } from "@vgen/db";
import { type ApiReply, jsonReply } from "../http/respond";
import { errorBody } from "./convert";

/**
 * The HTTP outlet of ./convert.ts: the error envelope as an ApiReply (server.ts's own routes), a
 * Response (Next.js route handlers), or written straight on a Node response (before any route).
 */

/**
 * Status recorded for a request its client closed before the answer (nginx's 499): not a platform
 * failure and not the client's mistake, so the status page counts it neither way.
 */
export const CLIENT_CLOSED_REQUEST = 499;

export function errorReply(error: ApiError, requestId: string): ApiReply {
  const reply = jsonReply(error.status, errorBody(error, requestId));
  Object.assign(reply.headers, error.headers, { "x-request-id": requestId });
  return reply;
}

export function errorResponse(error: ApiError, requestId: string, headers: Record<string, string> = {}): Response {
  const reply = errorReply(error, requestId);
  Object.assign(reply.headers, headers);
  return reply.toResponse();
}

/**
 * A refusal answered 200 for a sender that retries anything else (the Stripe webhook: a payment that
 * cannot be applied is acknowledged so Stripe stops): the envelope, with the sender's own fields.
 */
export function acknowledgedErrorResponse(error: ApiError, requestId: string, fields: Record<string, unknown>): Response {
  const reply = jsonReply(200, { ...fields, ...errorBody(error, requestId) });
  reply.headers["x-request-id"] = requestId;
  return reply.toResponse();
}

/** An error answer as the text of an HTTP response (status line, request id, envelope): the reference pages' samples. */
export function errorAnswerText(error: ApiError, requestId: string, statusText: string): string {
  return `HTTP/1.1 ${error.status} ${statusText}\nX-Request-Id: ${requestId}\n\n${JSON.stringify(errorBody(error, requestId), null, 2)}`;
}

/** The envelope's text and its request id, for answers written on the socket by hand. */
export function errorEnvelope(error: ApiError): { requestId: string; text: string } {
  const requestId = newId("req");
  return { requestId, text: JSON.stringify(errorBody(error, requestId)) };
}

/** Writes the error envelope on a Node response (the server answers these before any route runs). */
export function writeApiError(res: ServerResponse, error: ApiError, headers: Record<string, string> = {}): void {
  const { requestId, text } = errorEnvelope(error);
  res.writeHead(error.status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "content-length": String(Buffer.byteLength(text)),
    "x-request-id": requestId,
    ...error.headers,
    ...headers,
  });
  res.end(text);
}
