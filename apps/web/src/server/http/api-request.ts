import type { IncomingMessage } from "node:http";
import { ApiError } from "@vgen/contracts";
import { MAX_BODY_BYTES } from "./body";

/**
 * What the API wrapper and its handlers read of a request. server.ts builds one straight from
 * Node's request (building a Web Request per call cost about a tenth of a poll's CPU); Next.js's
 * route exports adapt their Web Request.
 */
export interface ApiRequest {
  readonly method: string;
  /** The path, without the query. */
  readonly pathname: string;
  readonly searchParams: URLSearchParams;
  header(name: string): string | null;
  /** The body as text; 413 past MAX_BODY_BYTES (counted, not trusted). */
  text(): Promise<string>;
  /** Whether the client has gone away (closed the connection before the answer). */
  closed(): boolean;
}

const tooLarge = () => new ApiError("payload_too_large", "The body is larger than 64 KiB.");

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body's text; bytes that are not UTF-8 are refused, never replaced with U+FFFD and stored. */
function decodeBody(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ApiError("invalid_json", "The body is not valid UTF-8; JSON text must be encoded as UTF-8.");
  }
}

export function fromWebRequest(req: Request): ApiRequest {
  const url = new URL(req.url);
  return {
    method: req.method,
    pathname: url.pathname,
    searchParams: url.searchParams,
    header: (name) => req.headers.get(name),
    async text() {
      const chunks: Uint8Array[] = [];
      let size = 0;
      if (req.body) {
        const reader = req.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > MAX_BODY_BYTES) {
            await reader.cancel();
            throw tooLarge();
          }
          chunks.push(value);
        }
      }
      return decodeBody(Buffer.concat(chunks));
    },
    closed: () => req.signal.aborted,
  };
}

/** A Node request whose body server.ts has read (up to one byte past the limit). */
export function fromNodeRequest(req: IncomingMessage, body: Buffer | null): ApiRequest {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  let searchParams: URLSearchParams | undefined;
  return {
    method: req.method ?? "GET",
    pathname: query === -1 ? url : url.slice(0, query),
    get searchParams() {
      searchParams ??= new URLSearchParams(query === -1 ? "" : url.slice(query + 1));
      return searchParams;
    },
    header(name) {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    async text() {
      if (body && body.length > MAX_BODY_BYTES) throw tooLarge();
      return body ? decodeBody(body) : "";
    },
    // The socket, not the request: a request stream is destroyed as soon as its body has been read.
    closed: () => req.socket.destroyed,
  };
}
