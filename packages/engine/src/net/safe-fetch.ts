// SSRF-guarded HTTP(S) fetch for user-supplied URLs (image inputs, webhooks).
//
// - the URL rules of address-policy (http(s) only, no credentials, no local
//   names or non-public address literals in any notation)
// - the hostname is resolved once (all addresses); every address must be a
//   public unicast address, else FetchRefusedError ('url_not_allowed')
// - the connection is pinned to the vetted address (custom `lookup`), so a
//   second DNS answer cannot rebind it; Host header and TLS SNI stay the
//   original hostname
// - redirects: none for non-GET, at most 3 for GET, each hop re-validated
// - total timeout and a body size cap
// ALLOW_PRIVATE_NETWORK_FETCH=1 disables the host and address checks (tests, local dev).
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { addressRefusalReason, urlRefusalReason } from "./address-policy";
import { env } from "@vgen/config";

export class FetchRefusedError extends Error {
  readonly code = "url_not_allowed" as const;
  constructor(message: string) {
    super(message);
    this.name = "FetchRefusedError";
  }
}

export class FetchFailedError extends Error {
  readonly code = "fetch_failed" as const;
  readonly status?: number;
  constructor(message: string, options?: { cause?: unknown; status?: number }) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = "FetchFailedError";
    this.status = options?.status;
  }
}

/** Request headers kept when a redirect leads to another origin. */
const CROSS_ORIGIN_HEADERS = new Set(["accept", "accept-encoding", "accept-language", "user-agent", "range", "content-type"]);

export type SafeFetchInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
};

export type SafeFetchResponse = { status: number; headers: Headers; body: Buffer };

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 3;

function privateAllowed(): boolean {
  return env().ALLOW_PRIVATE_NETWORK_FETCH;
}

type Vetted = { address: string; family: 4 | 6 };

async function vetHost(hostname: string, deadline: Promise<never>): Promise<Vetted> {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  let candidates: { address: string; family: number }[];
  const ipKind = net.isIP(bare);
  if (ipKind) {
    candidates = [{ address: bare, family: ipKind }];
  } else {
    try {
      candidates = await Promise.race([dns.promises.lookup(bare, { all: true, verbatim: true }), deadline]);
    } catch (err) {
      if (err instanceof FetchFailedError) throw err;
      throw new FetchFailedError(`cannot resolve host ${bare}: ${(err as Error).message}`, { cause: err });
    }
  }
  const [first] = candidates;
  if (!first) throw new FetchFailedError(`cannot resolve host ${bare}: no addresses`);
  if (!privateAllowed()) {
    for (const c of candidates) {
      const why = addressRefusalReason(c.address);
      if (why) {
        throw new FetchRefusedError(
          `URL not allowed: host ${bare} resolves to ${c.address} (${why}); only public addresses may be fetched`,
        );
      }
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function parseUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new FetchRefusedError(`URL not allowed: not a valid absolute URL`);
  }
  const why = urlRefusalReason(u, !privateAllowed());
  if (why) throw new FetchRefusedError(`URL not allowed: ${why}`);
  return u;
}

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) h.append(k, x);
    else h.set(k, String(v));
  }
  return h;
}

type OneResponse = { status: number; headers: Headers; body: Buffer; location?: string };

function requestOnce(
  u: URL,
  vetted: Vetted,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  maxBytes: number,
  deadline: Promise<never>,
): Promise<OneResponse> {
  const host = u.hostname.startsWith("[") ? u.hostname.slice(1, -1) : u.hostname;
  const lookup = (
    _hostname: string,
    options: dns.LookupOptions | ((...a: unknown[]) => void),
    cb?: (...a: unknown[]) => void,
  ) => {
    const callback = (typeof options === "function" ? options : cb)!;
    const all = typeof options === "object" && options?.all;
    if (all) callback(null, [{ address: vetted.address, family: vetted.family }]);
    else callback(null, vetted.address, vetted.family);
  };
  const mod = u.protocol === "https:" ? https : http;
  return new Promise<OneResponse>((resolve, reject) => {
    let done = false;
    const fail = (err: Error) => {
      if (done) return;
      done = true;
      req.destroy();
      reject(err);
    };
    const reqHeaders: Record<string, string> = { "user-agent": "vgen-fetch/1", accept: "*/*", ...headers };
    if (body !== undefined && !Object.keys(reqHeaders).some((k) => k.toLowerCase() === "content-length")) {
      reqHeaders["content-length"] = String(Buffer.byteLength(body));
    }
    const req = mod.request({
      protocol: u.protocol,
      host,
      port: u.port || undefined,
      path: `${u.pathname}${u.search}`,
      method,
      headers: reqHeaders,
      lookup: lookup as unknown as typeof dns.lookup,
      agent: false,
      // servername defaults to `host` for https (SNI), omitted for IP literals.
    });
    deadline.catch((err: Error) => fail(err));
    req.on("error", (err) => fail(new FetchFailedError(`request to ${u.origin} failed: ${err.message}`, { cause: err })));
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const hdrs = toHeaders(res.headers);
      const location = typeof res.headers.location === "string" ? res.headers.location : undefined;
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > maxBytes) {
        fail(new FetchFailedError(`response from ${u.origin} too large: ${declared} bytes > ${maxBytes}`, { status }));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) {
          fail(new FetchFailedError(`response from ${u.origin} too large: more than ${maxBytes} bytes`, { status }));
          return;
        }
        chunks.push(c);
      });
      res.on("end", () => {
        if (done) return;
        done = true;
        resolve({ status, headers: hdrs, body: Buffer.concat(chunks), location });
      });
      res.on("error", (err) =>
        fail(new FetchFailedError(`reading response from ${u.origin} failed: ${err.message}`, { cause: err })),
      );
      res.on("aborted", () => fail(new FetchFailedError(`response from ${u.origin} aborted`)));
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * Acceptance-time check of a user-supplied URL (e.g. a webHook): throws FetchRefusedError when
 * safeFetch would refuse the URL itself, or the addresses its host resolves to right now.
 * Only a failed resolution passes (DNS may be briefly down): safeFetch re-checks every address
 * at fetch time anyway, on the connection it then uses.
 */
export async function assertFetchableUrl(url: string, timeoutMs = 5_000): Promise<void> {
  const u = parseUrl(url);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FetchFailedError(`resolving ${u.hostname} timed out`)), timeoutMs);
  });
  deadline.catch(() => {});
  try {
    await vetHost(u.hostname, deadline);
  } catch (err) {
    if (!(err instanceof FetchFailedError)) throw err;
  } finally {
    clearTimeout(timer);
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Fetch a user-supplied URL with SSRF protection. Returns any HTTP status
 * (callers decide what a non-2xx means); throws FetchRefusedError for URLs
 * that may not be fetched and FetchFailedError for network failures,
 * timeouts, oversize bodies and too many redirects.
 */
export async function safeFetch(url: string, init: SafeFetchInit = {}): Promise<SafeFetchResponse> {
  const timeoutMs = init.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body;
  let headers = { ...(init.headers ?? {}) };

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new FetchFailedError(`request to ${safeOrigin(url)} timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  deadline.catch(() => {}); // observed per request; avoid unhandled rejection
  try {
    let current = parseUrl(url);
    for (let hop = 0; ; hop++) {
      const vetted = await vetHost(current.hostname, deadline);
      const followable = method === "GET" || method === "HEAD";
      const res = await requestOnce(current, vetted, method, headers, body, maxBytes, deadline);
      if (!REDIRECT_STATUSES.has(res.status) || !res.location || !followable) {
        return { status: res.status, headers: res.headers, body: res.body };
      }
      if (hop >= MAX_REDIRECTS) {
        throw new FetchFailedError(`too many redirects (more than ${MAX_REDIRECTS}) from ${safeOrigin(url)}`, {
          status: res.status,
        });
      }
      let next: URL;
      try {
        next = new URL(res.location, current);
      } catch {
        throw new FetchFailedError(`invalid redirect location from ${current.origin}`, { status: res.status });
      }
      next = parseUrl(next.toString());
      if (next.origin !== current.origin) {
        // Another origin gets only headers that cannot carry credentials (API keys travel under many names).
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => CROSS_ORIGIN_HEADERS.has(k.toLowerCase())));
      }
      if (res.status === 303) {
        method = "GET";
        body = undefined;
      }
      current = next;
    }
  } finally {
    clearTimeout(timer);
  }
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "URL";
  }
}

/**
 * GET an image (10 MB cap, 15 s timeout) and check that sharp can decode it.
 * Throws FetchRefusedError / FetchFailedError.
 */
export async function fetchImage(url: string): Promise<Buffer> {
  const res = await safeFetch(url, {
    method: "GET",
    timeoutMs: 15_000,
    maxBytes: 10 * 1024 * 1024,
    headers: { accept: "image/*" },
  });
  if (res.status < 200 || res.status >= 300) {
    throw new FetchFailedError(`image URL ${safeOrigin(url)} answered HTTP ${res.status}`, { status: res.status });
  }
  if (res.body.length === 0) throw new FetchFailedError(`image URL ${safeOrigin(url)} returned an empty body`);
  const { default: sharp } = await import("sharp");
  try {
    const meta = await sharp(res.body, { failOn: "error" }).metadata();
    if (!meta.width || !meta.height || !meta.format) throw new Error("no dimensions");
    // Decode fully: metadata alone does not catch truncated files.
    await sharp(res.body, { failOn: "error" }).resize(8, 8, { fit: "inside" }).raw().toBuffer();
  } catch (err) {
    throw new FetchFailedError(`content at ${safeOrigin(url)} is not a readable image: ${(err as Error).message}`, {
      cause: err,
    });
  }
  return res.body;
}
