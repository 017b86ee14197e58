// A local stand-in for fal.ai's queue API (submit, status, result, cancel), its webhooks and its
// JWKS, with the request and response shapes of https://docs.fal.ai/model-endpoints/queue and
// https://docs.fal.ai/model-endpoints/webhooks.
import { createHash, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tinyMp4 } from "../helpers/tiny-mp4";
import { answerFault, type ErrorShapes, Faults } from "./faults";

type FalOp = "submit" | "status" | "result" | "cancel";

interface FalJobBehavior {
  /** Status polls answered IN_QUEUE, then IN_PROGRESS (with a progress log line), then COMPLETED. */
  pollsInQueue: number;
  pollsInProgress: number;
  /** error: a runner failure; policy: fal's content_policy_violation; never: IN_PROGRESS forever; output_404: a video URL that is gone. */
  outcome: "success" | "error" | "policy" | "never" | "output_404";
}

interface FalJob {
  id: string;
  endpoint: string;
  /** owner/alias: the part of the endpoint id status, result and cancel are addressed by. */
  app: string;
  input: Record<string, unknown>;
  webhookUrl: string | null;
  behavior: FalJobBehavior;
  polls: number;
  canceled: boolean;
  /** Faults for this job's status, result and cancel calls, consulted before the global ones. */
  faults: Faults<FalOp>;
}

interface FalSubmitRecord {
  endpoint: string;
  input: Record<string, unknown>;
  webhookUrl: string | null;
  authorization: string | undefined;
}

interface SignedWebhook {
  headers: Record<string, string>;
  body: Buffer;
}

export interface FalFake {
  url: string;
  apiKey: string;
  jwksUrl: string;
  jwksFetches: number;
  /** Every accepted submit, in order (each one would be paid for). */
  submits: FalSubmitRecord[];
  jobs: Map<string, FalJob>;
  cancels: string[];
  behavior: FalJobBehavior;
  faults: Faults<FalOp>;
  /** The webhook fal would send for a finished job, signed with fal's key (or `signWith`). */
  webhook(id: string, options?: { signWith?: KeyObject; timestamp?: number }): SignedWebhook;
  /** POSTs that webhook to the job's fal_webhook URL; resolves with the receiver's HTTP status. */
  deliverWebhook(id: string): Promise<number>;
  reset(behavior?: Partial<FalJobBehavior>): void;
  close(): Promise<void>;
}

const DEFAULT_BEHAVIOR: FalJobBehavior = { pollsInQueue: 1, pollsInProgress: 2, outcome: "success" };
const USER_ID = "fal-user-123";
const POLICY_MESSAGE = "The content could not be processed because it contained material flagged by a content checker.";

function errorBody(status: number): unknown {
  if (status === 401) return { detail: "No user found for Key ID and Secret" };
  if (status === 429) return { detail: "Rate limit exceeded" };
  return { detail: http.STATUS_CODES[status] ?? "Error" };
}

function policyDetail(prompt: unknown): unknown {
  return {
    detail: [
      {
        loc: ["body", "prompt"],
        msg: POLICY_MESSAGE,
        type: "content_policy_violation",
        url: "https://docs.fal.ai/errors/#content_policy_violation",
        input: prompt,
      },
    ],
  };
}

const SHAPES: ErrorShapes = { error: errorBody, policy: () => ({ status: 422, body: policyDetail("a prompt") }) };

export async function startFalFake(opts: { apiKey?: string } = {}): Promise<FalFake> {
  const video = await tinyMp4(1);
  const apiKey = opts.apiKey ?? "fal-key-id:fal-key-secret";
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const jwk = publicKey.export({ format: "jwk" });
  let counter = 0;
  let base = "";

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

  const completed = (job: FalJob) =>
    job.canceled || (job.behavior.outcome !== "never" && job.polls > job.behavior.pollsInQueue + job.behavior.pollsInProgress);

  const urls = (job: FalJob) => {
    const at = `${base}/${job.app}/requests/${job.id}`;
    return { request_id: job.id, response_url: at, status_url: `${at}/status`, cancel_url: `${at}/cancel` };
  };

  const videoResult = (job: FalJob) => ({
    video: { url: `${base}/files/${job.id}.mp4`, content_type: "video/mp4", file_name: "output.mp4", file_size: video.length },
    seed: typeof job.input.seed === "number" ? job.input.seed : 42,
  });

  /** The result endpoint's answer for a completed job: HTTP status, body, headers. */
  const resultOf = (job: FalJob): [number, unknown, Record<string, string>] => {
    if (job.canceled) {
      return [
        499,
        { detail: "Request cancelled by the client", error_type: "client_cancelled" },
        { "x-fal-error-type": "client_cancelled" },
      ];
    }
    switch (job.behavior.outcome) {
      case "error":
        return [
          500,
          { detail: "Runner crashed while generating", error_type: "runner_server_error" },
          { "x-fal-error-type": "runner_server_error" },
        ];
      case "policy":
        return [422, policyDetail(job.input.prompt), {}];
      default:
        return [200, videoResult(job), {}];
    }
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;

    if (req.method === "GET" && path === "/.well-known/jwks.json") {
      fake.jwksFetches++;
      return json(res, 200, { keys: [{ kty: "OKP", crv: "Ed25519", x: jwk.x, kid: "fake-key", use: "sig", alg: "EdDSA" }] });
    }
    const file = /^\/files\/([^/]+)\.mp4$/.exec(path);
    if (req.method === "GET" && file) {
      const job = fake.jobs.get(file[1]!);
      if (!job || job.behavior.outcome === "output_404") return json(res, 404, { detail: "Not Found" });
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(video.length) });
      return res.end(video);
    }

    if (req.headers.authorization !== `Key ${apiKey}`) return json(res, 401, errorBody(401));

    const request = /^\/([^/]+)\/([^/]+)\/requests\/([^/]+?)(\/status|\/cancel)?$/.exec(path);
    if (request) {
      const [, owner, alias, id, tail] = request;
      const job = fake.jobs.get(decodeURIComponent(id!));
      if (!job || job.app !== `${owner}/${alias}`) return json(res, 404, { detail: "Request not found" });
      const op: FalOp = tail === "/status" ? "status" : tail === "/cancel" ? "cancel" : "result";
      const fault = job.faults.take(op) ?? fake.faults.take(op);
      if (fault) return answerFault(res, fault, SHAPES);

      if (op === "cancel" && req.method === "PUT") {
        fake.cancels.push(job.id);
        if (completed(job)) return json(res, 400, { status: "ALREADY_COMPLETED" });
        job.canceled = true;
        return json(res, 202, { status: "CANCELLATION_REQUESTED" });
      }
      if (op === "status" && req.method === "GET") {
        job.polls++;
        if (completed(job)) {
          return json(res, 200, {
            status: "COMPLETED",
            ...urls(job),
            logs: url.searchParams.get("logs") === "1" ? [] : null,
            metrics: { inference_time: 1.5 },
          });
        }
        if (job.polls <= job.behavior.pollsInQueue) {
          return json(res, 202, { status: "IN_QUEUE", ...urls(job), queue_position: job.behavior.pollsInQueue - job.polls });
        }
        const inProgress = job.polls - job.behavior.pollsInQueue;
        const pct = Math.min(99, Math.round((inProgress / (job.behavior.pollsInProgress + 1)) * 100));
        const logs = [{ message: `Generating: ${pct}%`, level: "INFO", source: "USER", timestamp: new Date().toISOString() }];
        return json(res, 202, { status: "IN_PROGRESS", ...urls(job), logs: url.searchParams.get("logs") === "1" ? logs : null });
      }
      if (op === "result" && req.method === "GET") {
        if (!completed(job)) return json(res, 400, { detail: "Request is still in progress" });
        const [status, body, headers] = resultOf(job);
        return json(res, status, body, headers);
      }
      return json(res, 405, { detail: "Method Not Allowed" });
    }

    if (req.method === "POST") {
      const fault = fake.faults.take("submit");
      if (fault) return answerFault(res, fault, SHAPES);
      const endpoint = path.slice(1);
      const segments = endpoint.split("/");
      if (segments.length < 2) return json(res, 404, { detail: "Application not found" });
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return json(res, 422, { detail: [{ loc: ["body"], msg: "Invalid JSON", type: "json_invalid" }] });
      }
      const missing = ["prompt", ...(endpoint.includes("image-to-video") ? ["image_url"] : [])].filter((f) => !input?.[f]);
      if (missing.length) {
        return json(res, 422, { detail: missing.map((f) => ({ loc: ["body", f], msg: "Field required", type: "missing" })) });
      }
      // The documented field types of the endpoints' schemas (pydantic answers a mistyped field with 422).
      const mistyped = [
        ...(input.generate_audio !== undefined && typeof input.generate_audio !== "boolean"
          ? [["generate_audio", "bool_type"]]
          : []),
        ...(input.negative_prompt !== undefined && typeof input.negative_prompt !== "string"
          ? [["negative_prompt", "string_type"]]
          : []),
        ...(input.seed !== undefined && !Number.isInteger(input.seed) ? [["seed", "int_type"]] : []),
      ];
      if (mistyped.length) {
        return json(res, 422, {
          detail: mistyped.map(([f, type]) => ({ loc: ["body", f], msg: "Input should be valid", type })),
        });
      }
      fake.submits.push({
        endpoint,
        input,
        webhookUrl: url.searchParams.get("fal_webhook"),
        authorization: req.headers.authorization,
      });
      const job: FalJob = {
        id: `req-${++counter}-${Math.random().toString(36).slice(2, 10)}`,
        endpoint,
        app: segments.slice(0, 2).join("/"),
        input,
        webhookUrl: url.searchParams.get("fal_webhook"),
        behavior: { ...fake.behavior },
        polls: 0,
        canceled: false,
        faults: new Faults<FalOp>(),
      };
      fake.jobs.set(job.id, job);
      return json(res, 200, { status: "IN_QUEUE", ...urls(job), queue_position: job.behavior.pollsInQueue });
    }
    json(res, 404, { detail: `no route ${req.method} ${path}` });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FalFake = {
    url: base,
    apiKey,
    jwksUrl: `${base}/.well-known/jwks.json`,
    jwksFetches: 0,
    submits: [],
    jobs: new Map(),
    cancels: [],
    behavior: { ...DEFAULT_BEHAVIOR },
    faults: new Faults<FalOp>(),
    webhook(id, options = {}) {
      const job = fake.jobs.get(id);
      if (!job) throw new Error(`no fal job ${id}`);
      const [status, result] = resultOf(job);
      const payload =
        status === 200
          ? { request_id: id, gateway_request_id: id, status: "OK", payload: result }
          : { request_id: id, gateway_request_id: id, status: "ERROR", error: `Invalid status code: ${status}`, payload: result };
      const body = Buffer.from(JSON.stringify(payload));
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
      const digest = createHash("sha256").update(body).digest("hex");
      const message = Buffer.from(`${id}\n${USER_ID}\n${timestamp}\n${digest}`);
      const signature = sign(null, message, options.signWith ?? privateKey).toString("hex");
      return {
        headers: {
          "content-type": "application/json",
          "x-fal-webhook-request-id": id,
          "x-fal-webhook-user-id": USER_ID,
          "x-fal-webhook-timestamp": timestamp,
          "x-fal-webhook-signature": signature,
        },
        body,
      };
    },
    async deliverWebhook(id) {
      const job = fake.jobs.get(id);
      if (!job?.webhookUrl) throw new Error(`fal job ${id} has no webhook URL`);
      const { headers, body } = fake.webhook(id);
      const res = await fetch(job.webhookUrl, { method: "POST", headers, body: new Uint8Array(body) });
      return res.status;
    },
    reset(behavior) {
      fake.submits.length = 0;
      fake.cancels.length = 0;
      fake.jobs.clear();
      fake.faults.clear();
      fake.behavior = { ...DEFAULT_BEHAVIOR, ...behavior };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
