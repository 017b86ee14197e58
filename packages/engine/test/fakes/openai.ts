// A local stand-in for OpenAI's Videos API (https://developers.openai.com/api/reference/resources/videos):
// POST /v1/videos (JSON body validated as the API reference types it, the image reference at the exact
// output size), GET /v1/videos/{id}, GET /v1/videos/{id}/content with the key, DELETE /v1/videos/{id},
// errors as { error: { message, type, param, code } }, and webhooks (video.completed / video.failed)
// signed per Standard Webhooks with a `whsec_` secret.
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { Webhook } from "standardwebhooks";
import { tinyMp4 } from "../helpers/tiny-mp4";

/** How a create call is answered. */
type OpenAISubmitMode = "accept" | "rate_limit" | "server_error" | "bad_gateway" | "malformed" | "hang" | "reset" | "policy";
/** How a retrieve call is answered. */
type OpenAIPollMode = "ok" | "rate_limit" | "server_error" | "malformed" | "hang";
/** How a video ends. */
type OpenAIOutcome = "success" | "failed" | "policy" | "never" | "output_404";

interface OpenAIFakeBehavior {
  submit: OpenAISubmitMode;
  poll: OpenAIPollMode;
  /** Retrieves answered queued, then in_progress, before the video ends. */
  pollsUntilDone: number;
  outcome: OpenAIOutcome;
  /** Seconds sent as Retry-After with a 429. */
  retryAfterSeconds: number;
  /** Length of the delivered clip when it should differ from the requested one. */
  outputSeconds?: number;
}

interface OpenAIFakeVideo {
  id: string;
  body: Record<string, unknown>;
  /** This video's own behavior (a copy of the global one when it was created); tests may change it. */
  behavior: OpenAIFakeBehavior;
  polls: number;
  deleted: boolean;
}

interface SignedWebhook {
  headers: Record<string, string>;
  body: Buffer;
}

export interface OpenAIFake {
  /** The base URL with its version prefix, as the SDKs take it. */
  url: string;
  apiKey: string;
  webhookSecret: string;
  behavior: OpenAIFakeBehavior;
  /** Every create request received, accepted or not, with its Idempotency-Key header if any. */
  submits: { body: unknown; idempotencyKey: string | undefined }[];
  videos: Map<string, OpenAIFakeVideo>;
  deletes: string[];
  downloads: number;
  /** A webhook event as OpenAI signs it; `at` backdates it, `secret` signs with another secret. */
  webhook(type: string, videoId: string, opts?: { at?: Date; secret?: string }): SignedWebhook;
  /** POSTs a signed webhook event to `url`, as OpenAI delivers it. */
  sendWebhook(url: string, type: string, videoId: string): Promise<number>;
  reset(behavior?: Partial<OpenAIFakeBehavior>): void;
  close(): Promise<void>;
}

const DEFAULT_BEHAVIOR: OpenAIFakeBehavior = {
  submit: "accept",
  poll: "ok",
  pollsUntilDone: 2,
  outcome: "success",
  retryAfterSeconds: 7,
};

const SECONDS = ["4", "8", "12"];
const SIZES: Record<string, readonly string[]> = {
  "sora-2": ["720x1280", "1280x720"],
  "sora-2-pro": ["720x1280", "1280x720", "1024x1792", "1792x1024"],
};
const FIELDS = new Set(["model", "prompt", "seconds", "size", "input_reference"]);

function apiError(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

/** What is wrong with a create body, or null when OpenAI would accept it. */
async function validate(body: Record<string, unknown>): Promise<{ message: string; param: string } | null> {
  const extra = Object.keys(body).find((k) => !FIELDS.has(k));
  if (extra) return { message: `Unrecognized request argument supplied: ${extra}`, param: extra };
  if (typeof body.prompt !== "string" || body.prompt.length < 1 || body.prompt.length > 32000) {
    return { message: "Invalid 'prompt': expected a string of 1 to 32000 characters.", param: "prompt" };
  }
  const model = String(body.model ?? "sora-2").replace(/-\d{4}-\d{2}-\d{2}$/, "");
  const sizes = SIZES[model];
  if (!sizes) return { message: `Invalid value for 'model': ${JSON.stringify(body.model)}.`, param: "model" };
  if (body.seconds !== undefined && !SECONDS.includes(body.seconds as string)) {
    return {
      message: `Invalid value for 'seconds': expected one of '4', '8' or '12', got ${JSON.stringify(body.seconds)}.`,
      param: "seconds",
    };
  }
  const size = body.size ?? "720x1280";
  if (!sizes.includes(size as string)) return { message: `Invalid value for 'size': ${JSON.stringify(size)}.`, param: "size" };
  if (body.input_reference !== undefined) {
    const ref = body.input_reference as { image_url?: unknown; file_id?: unknown };
    if (typeof ref !== "object" || ref === null || (ref.image_url === undefined) === (ref.file_id === undefined)) {
      return { message: "Provide exactly one of 'image_url' or 'file_id' in 'input_reference'.", param: "input_reference" };
    }
    const dataUrl = typeof ref.image_url === "string" ? /^data:image\/(png|jpeg|webp);base64,(.+)$/.exec(ref.image_url) : null;
    if (typeof ref.image_url === "string" && !dataUrl && !ref.image_url.startsWith("https://")) {
      return {
        message: "Invalid 'input_reference.image_url': expected a URL or a base64 data URL.",
        param: "input_reference.image_url",
      };
    }
    if (dataUrl) {
      const meta = await sharp(Buffer.from(dataUrl[2]!, "base64"))
        .metadata()
        .catch(() => null);
      if (!meta) return { message: "The image reference could not be decoded.", param: "input_reference" };
      if (`${meta.width}x${meta.height}` !== size) {
        return { message: "Inpaint image must match the requested width and height", param: "input_reference" };
      }
    }
  }
  return null;
}

export async function startOpenAIFake(opts: { apiKey?: string } = {}): Promise<OpenAIFake> {
  const apiKey = opts.apiKey ?? "sk-fake-openai";

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

  /** Answers for a non-"ok" submit or poll mode; false when the request should be served normally. */
  function fault(req: http.IncomingMessage, res: http.ServerResponse, mode: string, behavior: OpenAIFakeBehavior): boolean {
    switch (mode) {
      case "rate_limit":
        json(res, 429, apiError("Rate limit reached for requests. Please try again later.", "requests", "rate_limit_exceeded"), {
          "retry-after": String(behavior.retryAfterSeconds),
        });
        return true;
      case "server_error":
        json(
          res,
          500,
          apiError("The server had an error while processing your request. Sorry about that!", "server_error", null),
        );
        return true;
      case "bad_gateway":
        res.writeHead(502, { "content-type": "text/html" });
        res.end("<html><body>502 Bad Gateway</body></html>");
        return true;
      case "malformed":
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"id": "video_trunc');
        return true;
      case "hang":
        return true; // never answered; the connection is closed with the server
      case "reset":
        req.socket.destroy();
        return true;
      case "policy":
        json(
          res,
          400,
          apiError("Your request was blocked by our moderation system.", "invalid_request_error", "moderation_blocked"),
        );
        return true;
      default:
        return false;
    }
  }

  function resource(v: OpenAIFakeVideo): Record<string, unknown> {
    const base = {
      id: v.id,
      object: "video",
      model: v.body.model ?? "sora-2",
      created_at: 1_760_000_000,
      completed_at: null,
      expires_at: null,
      prompt: v.body.prompt,
      size: v.body.size ?? "720x1280",
      seconds: v.body.seconds ?? "4",
      remixed_from_video_id: null,
      error: null,
    };
    const { pollsUntilDone, outcome } = v.behavior;
    if (v.polls <= 1 && pollsUntilDone > 0) return { ...base, status: "queued", progress: 0 };
    if (outcome === "never" || v.polls <= pollsUntilDone) {
      return { ...base, status: "in_progress", progress: Math.min(99, Math.round((v.polls / (pollsUntilDone + 1)) * 100)) };
    }
    const ended = { ...base, completed_at: 1_760_000_100, progress: 100 };
    switch (outcome) {
      case "failed":
        return {
          ...ended,
          status: "failed",
          error: { code: "video_generation_failed", message: "The video could not be generated." },
        };
      case "policy":
        return {
          ...ended,
          status: "failed",
          error: { code: "moderation_blocked", message: "The generated video was blocked by our moderation system." },
        };
      default:
        return { ...ended, status: "completed", expires_at: 1_760_003_700 };
    }
  }

  const finished = (v: OpenAIFakeVideo) => v.behavior.outcome !== "never" && v.polls > v.behavior.pollsUntilDone;
  const notFound = (res: http.ServerResponse, id: string) =>
    json(res, 404, apiError(`Video with id '${id}' not found.`, "invalid_request_error", "video_not_found", "video_id"));

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = new URL(req.url ?? "/", "http://fake").pathname;

    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return json(res, 401, apiError("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"));
    }

    if (req.method === "POST" && path === "/v1/videos") {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return json(res, 400, apiError("We could not parse the JSON body of your request.", "invalid_request_error", null));
      }
      const key = req.headers["idempotency-key"];
      fake.submits.push({ body, idempotencyKey: typeof key === "string" ? key : undefined });
      if (fault(req, res, fake.behavior.submit, fake.behavior)) return;
      const problem = await validate(body);
      if (problem) return json(res, 400, apiError(problem.message, "invalid_request_error", "invalid_value", problem.param));
      const v: OpenAIFakeVideo = {
        id: `video_${randomUUID().replace(/-/g, "")}`,
        body,
        behavior: { ...fake.behavior },
        polls: 0,
        deleted: false,
      };
      fake.videos.set(v.id, v);
      return json(res, 200, resource(v));
    }

    const match = /^\/v1\/videos\/([^/]+)(\/content)?$/.exec(path);
    const id = match ? decodeURIComponent(match[1]!) : "";
    const v = fake.videos.get(id);
    if (match && (!v || v.deleted)) return notFound(res, id);
    if (req.method === "GET" && v && match?.[2]) {
      if (!finished(v) || v.behavior.outcome !== "success") {
        return json(res, 404, apiError("Video content is not available.", "invalid_request_error", "video_not_ready"));
      }
      fake.downloads++;
      const video = await tinyMp4(v.behavior.outputSeconds ?? Number(v.body.seconds ?? "4"));
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(video.length) });
      return res.end(video);
    }
    if (req.method === "GET" && v) {
      if (fault(req, res, v.behavior.poll, v.behavior)) return;
      v.polls++;
      return json(res, 200, resource(v));
    }
    if (req.method === "DELETE" && v) {
      fake.deletes.push(v.id);
      v.deleted = true;
      return json(res, 200, { id: v.id, object: "video.deleted", deleted: true });
    }
    json(res, 404, apiError(`Invalid URL (${req.method} ${path})`, "invalid_request_error", null));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: OpenAIFake = {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    webhookSecret: `whsec_${randomBytes(24).toString("base64")}`,
    behavior: { ...DEFAULT_BEHAVIOR },
    submits: [],
    videos: new Map(),
    deletes: [],
    downloads: 0,
    webhook(type, videoId, opts = {}) {
      const at = opts.at ?? new Date();
      const eventId = `evt_${randomUUID().replace(/-/g, "")}`;
      const body = JSON.stringify({
        id: eventId,
        object: "event",
        created_at: Math.floor(at.getTime() / 1000),
        type,
        data: { id: videoId },
      });
      const signature = new Webhook(opts.secret ?? fake.webhookSecret).sign(eventId, at, body);
      return {
        headers: {
          "content-type": "application/json",
          "webhook-id": eventId,
          "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
          "webhook-signature": signature,
        },
        body: Buffer.from(body),
      };
    },
    async sendWebhook(url, type, videoId) {
      const { headers, body } = fake.webhook(type, videoId);
      const res = await fetch(url, { method: "POST", headers, body: body.toString("utf8") });
      await res.arrayBuffer();
      return res.status;
    },
    reset(behavior) {
      fake.behavior = { ...DEFAULT_BEHAVIOR, ...behavior };
      fake.submits = [];
      fake.videos.clear();
      fake.deletes = [];
      fake.downloads = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
