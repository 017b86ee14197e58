import { type DownloadOptions, download, type DownloadResult } from "./download.js";
import { AuthenticationError } from "./errors.js";
import { Balance } from "./resources/balance.js";
import { Generations } from "./resources/generations.js";
import { Models } from "./resources/models.js";
import { WebhookListen } from "./resources/webhook-listen.js";
import { Transport } from "./transport.js";
import type { Generation } from "./types.js";
import { webhooks } from "./webhooks.js";

export interface VgenOptions {
  /** Default: the `VGEN_API_KEY` environment variable. */
  apiKey?: string;
  /** Default: `VGEN_BASE_URL`, else http://localhost:3000. */
  baseUrl?: string;
  /** Retries after the first attempt on 429, 502, 503, 504 and network errors. Default 2. */
  maxRetries?: number;
  /** Per attempt, until the response headers arrive. Default 60 000. */
  timeoutMs?: number;
  /** First backoff step in ms (doubled each retry, with jitter) when the server sends no Retry-After. Default 500. */
  initialRetryDelayMs?: number;
  /** Backoff ceiling in ms. Default 8000. */
  maxRetryDelayMs?: number;
  /**
   * Silence on an event stream (no event and no keep-alive comment) after which it counts as broken:
   * `createAndWait` and `wait` then re-attach and, failing that, poll. Default 30 000 (the server
   * writes at least every 15 s).
   */
  streamIdleTimeoutMs?: number;
  /** Extra headers on every API request (not on output downloads, which may go to another host). */
  headers?: Record<string, string>;
  /** The fetch to use (a proxy agent, instrumentation, tests). Default: the global fetch. */
  fetch?: typeof fetch;
}

const DEFAULT_BASE_URL = "http://localhost:3000";
const VERSION = "0.1.0";

export class Vgen {
  readonly generations: Generations;
  readonly models: Models;
  readonly balance: Balance;
  /** `verify` a callback; `listen` to the account's events (what `vgen listen` forwards); `trigger` a sample. */
  readonly webhooks: typeof webhooks & Pick<WebhookListen, "listen" | "trigger">;
  private readonly transport: Transport;

  constructor(options: VgenOptions = {}) {
    const apiKey = options.apiKey ?? process.env.VGEN_API_KEY;
    if (!apiKey) throw new AuthenticationError("no API key: pass { apiKey } or set VGEN_API_KEY", { code: "missing_api_key" });
    this.transport = new Transport({
      apiKey,
      baseUrl: options.baseUrl ?? process.env.VGEN_BASE_URL ?? DEFAULT_BASE_URL,
      maxRetries: options.maxRetries ?? 2,
      timeoutMs: options.timeoutMs ?? 60_000,
      initialRetryDelayMs: options.initialRetryDelayMs ?? 500,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 8000,
      streamIdleTimeoutMs: options.streamIdleTimeoutMs ?? 30_000,
      headers: options.headers ?? {},
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      userAgent: `vgen-sdk-typescript/${VERSION} node/${process.versions.node}`,
    });
    this.generations = new Generations(this.transport);
    this.models = new Models(this.transport);
    this.balance = new Balance(this.transport);
    const listen = new WebhookListen(this.transport);
    this.webhooks = { ...webhooks, listen: (o) => listen.listen(o), trigger: (e, o) => listen.trigger(e, o) };
  }

  /** Streams a completed generation's clip (`options.output` of several; or any output URL) to a file. */
  download(source: Generation | string, path: string, options?: DownloadOptions): Promise<DownloadResult> {
    return download(this.transport, source, path, options);
  }
}
