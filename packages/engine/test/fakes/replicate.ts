// A local stand-in for Replicate's predictions API (create, get, cancel) and its Standard Webhooks
// calls, with the shapes of https://replicate.com/docs/reference/http: predictions as JSON objects,
// errors as {title, detail, status} (plus invalid_fields on 422), outputs as URLs.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { tinyMp4 } from "../helpers/tiny-mp4";
import { answerFault, type ErrorShapes, Faults } from "./faults";

type ReplicateOp = "create" | "get" | "cancel";

interface ReplicateJobBehavior {
  /** Gets answered "starting", then "processing" (with a tqdm progress line in logs), then the outcome. */
  pollsStarting: number;
  pollsProcessing: number;
  /** error: a model failure; policy: Replicate's E005 refusal; never: processing forever; output_404: an output URL that is gone. */
  outcome: "success" | "error" | "policy" | "never" | "output_404";
}

interface ReplicateJob {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  webhook: string | null;
  webhookEventsFilter: string[] | null;
  behavior: ReplicateJobBehavior;
  polls: number;
  canceled: boolean;
  createdAt: string;
  /** Faults for this prediction's get and cancel calls, consulted before the global ones. */
  faults: Faults<ReplicateOp>;
}

interface ReplicateCreateRecord {
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
  prefer: string | undefined;
}

export interface ReplicateFake {
  url: string;
  apiToken: string;
  webhookSecret: string;
  /** Every accepted create, in order (each one would be paid for). */
  creates: ReplicateCreateRecord[];
  jobs: Map<string, ReplicateJob>;
  cancels: string[];
  behavior: ReplicateJobBehavior;
  faults: Faults<ReplicateOp>;
  /** The Standard Webhooks call Replicate would send with the prediction as it stands now. */
  webhook(id: string, options?: { secret?: string; timestamp?: Date }): { headers: Record<string, string>; body: Buffer };
  /** POSTs that call to the prediction's webhook URL; resolves with the receiver's HTTP status. */
  deliverWebhook(id: string): Promise<number>;
  reset(behavior?: Partial<ReplicateJobBehavior>): void;
  close(): Promise<void>;
}

const DEFAULT_BEHAVIOR: ReplicateJobBehavior = { pollsStarting: 1, pollsProcessing: 2, outcome: "success" };
const TOP_LEVEL_FIELDS = new Set(["input", "version", "webhook", "webhook_events_filter", "stream"]);
const WEBHOOK_EVENTS = new Set(["start", "output", "logs", "completed"]);
const SENSITIVE = "The input or output was flagged as sensitive. Please try again with different inputs. (E005)";

function problem(status: number, title: string, detail: string, extra: Record<string, unknown> = {}) {
  return { title, detail, status, ...extra };
}

const SHAPES: ErrorShapes = {
  error(status) {
    if (status === 401) return problem(401, "Unauthenticated", "You did not pass a valid authentication token");
    if (status === 429) return problem(429, "Request was throttled.", "Request was throttled. Expected available in 1 second.");
    return problem(status, http.STATUS_CODES[status] ?? "Error", "Something went wrong on Replicate's side.");
  },
};

type InvalidField = { type: string; field: string; description: string };

function invalidFields(body: unknown, needsVersion: boolean): InvalidField[] {
  if (!body || typeof body !== "object" || Array.isArray(body))
    return [{ type: "invalid_type", field: "", description: "Invalid type. Expected: object" }];
  const b = body as Record<string, unknown>;
  const errors: InvalidField[] = Object.keys(b)
    .filter((k) => !TOP_LEVEL_FIELDS.has(k))
    .map((k) => ({ type: "additional_property_not_allowed", field: "", description: `Additional property ${k} is not allowed` }));
  if (needsVersion && typeof b.version !== "string")
    errors.push({ type: "required", field: "", description: "version is required" });
  if (!b.input || typeof b.input !== "object") errors.push({ type: "required", field: "", description: "input is required" });
  else if (typeof (b.input as Record<string, unknown>).prompt !== "string") {
    errors.push({ type: "required", field: "input", description: "prompt is required" });
  }
  if (b.input && typeof b.input === "object") {
    // The documented types of the models' inputs (google/veo-3.1: generate_audio boolean, negative_prompt string, seed integer).
    const input = b.input as Record<string, unknown>;
    if (input.generate_audio !== undefined && typeof input.generate_audio !== "boolean")
      errors.push({ type: "invalid_type", field: "input.generate_audio", description: "Invalid type. Expected: boolean" });
    if (input.negative_prompt !== undefined && typeof input.negative_prompt !== "string")
      errors.push({ type: "invalid_type", field: "input.negative_prompt", description: "Invalid type. Expected: string" });
    if (input.seed !== undefined && !Number.isInteger(input.seed))
      errors.push({ type: "invalid_type", field: "input.seed", description: "Invalid type. Expected: integer" });
  }
  if (b.webhook_events_filter !== undefined) {
    const events = Array.isArray(b.webhook_events_filter) ? b.webhook_events_filter : [b.webhook_events_filter];
    for (const e of events) {
      if (!WEBHOOK_EVENTS.has(e as string))
        errors.push({ type: "enum", field: "webhook_events_filter", description: `invalid event ${String(e)}` });
    }
  }
  return errors;
}

export async function startReplicateFake(opts: { apiToken?: string } = {}): Promise<ReplicateFake> {
  const video = await tinyMp4(1);
  const apiToken = opts.apiToken ?? "r8_fake_token_123";
  const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
  let counter = 0;
  let origin = "";

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  /** The prediction as Replicate shows it, from how many times it has been read. */
  const prediction = (job: ReplicateJob) => {
    const { pollsStarting, pollsProcessing, outcome } = job.behavior;
    let status = "starting";
    let output: unknown = null;
    let error: string | null = null;
    let logs = "";
    if (job.canceled) status = "canceled";
    else if (job.polls > pollsStarting + pollsProcessing && outcome !== "never") {
      status = outcome === "error" || outcome === "policy" ? "failed" : "succeeded";
      if (status === "succeeded") output = `${origin}/files/${job.id}.mp4`;
      if (outcome === "error") error = "The model ran out of memory (E1001)";
      if (outcome === "policy") error = SENSITIVE;
    } else if (job.polls > pollsStarting) {
      status = "processing";
      const done = Math.min(19, job.polls - pollsStarting);
      const pct = Math.round((done / 20) * 100);
      logs = `Generating video...\n${String(pct).padStart(3)}%|${"#".repeat(done)}${" ".repeat(20 - done)}| ${done}/20 [00:0${done % 10}<00:10]`;
    }
    const at = `${origin}/v1/predictions/${job.id}`;
    return {
      id: job.id,
      model: job.model,
      version: job.version,
      input: job.input,
      logs,
      output,
      error,
      status,
      source: "api",
      data_removed: false,
      created_at: job.createdAt,
      ...(job.webhook && { webhook: job.webhook, webhook_events_filter: job.webhookEventsFilter }),
      urls: { get: at, cancel: `${at}/cancel`, web: `https://replicate.com/p/${job.id}` },
    };
  };

  const terminal = (job: ReplicateJob) => ["succeeded", "failed", "canceled"].includes(prediction(job).status);

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://fake").pathname;

    const file = /^\/files\/([^/]+)\.mp4$/.exec(path);
    if (req.method === "GET" && file) {
      const job = fake.jobs.get(file[1]!);
      if (!job || job.behavior.outcome === "output_404") return json(res, 404, problem(404, "Not found", "Not found."));
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(video.length) });
      return res.end(video);
    }

    if (req.headers.authorization !== `Bearer ${apiToken}`) return json(res, 401, SHAPES.error(401));

    const byModel = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path);
    if (req.method === "POST" && (byModel || path === "/v1/predictions")) {
      const fault = fake.faults.take("create");
      if (fault) return answerFault(res, fault, SHAPES);
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return json(res, 400, problem(400, "Bad request", "The request body is not valid JSON."));
      }
      const invalid = invalidFields(body, !byModel);
      if (invalid.length) {
        const detail = invalid.map((f) => `- ${f.field ? `${f.field}: ` : ""}${f.description}`).join("\n");
        return json(res, 422, problem(422, "Input validation failed", detail, { invalid_fields: invalid }));
      }
      const b = body as Record<string, unknown>;
      fake.creates.push({ path, body: b, authorization: req.headers.authorization, prefer: req.headers.prefer?.toString() });
      const filter = b.webhook_events_filter;
      const job: ReplicateJob = {
        id: `p${++counter}${randomBytes(8).toString("hex")}`,
        model: byModel ? `${byModel[1]}/${byModel[2]}` : "owner/versioned-model",
        version: byModel ? "hidden" : (b.version as string),
        input: b.input as Record<string, unknown>,
        webhook: typeof b.webhook === "string" ? b.webhook : null,
        webhookEventsFilter: Array.isArray(filter) ? (filter as string[]) : null,
        behavior: { ...fake.behavior },
        polls: 0,
        canceled: false,
        createdAt: new Date().toISOString(),
        faults: new Faults<ReplicateOp>(),
      };
      fake.jobs.set(job.id, job);
      return json(res, 201, prediction(job));
    }

    const one = /^\/v1\/predictions\/([^/]+?)(\/cancel)?$/.exec(path);
    if (one) {
      const job = fake.jobs.get(decodeURIComponent(one[1]!));
      if (!job) return json(res, 404, problem(404, "Not found", "Not found."));
      const op: ReplicateOp = one[2] ? "cancel" : "get";
      const fault = job.faults.take(op) ?? fake.faults.take(op);
      if (fault) return answerFault(res, fault, SHAPES);
      if (op === "cancel" && req.method === "POST") {
        fake.cancels.push(job.id);
        if (!terminal(job)) job.canceled = true;
        return json(res, 200, prediction(job));
      }
      if (op === "get" && req.method === "GET") {
        job.polls++;
        return json(res, 200, prediction(job));
      }
      return json(res, 405, problem(405, "Method not allowed", `${req.method} is not allowed here.`));
    }
    json(res, 404, problem(404, "Not found", `no route ${req.method} ${path}`));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: ReplicateFake = {
    url: `${origin}/v1`,
    apiToken,
    webhookSecret,
    creates: [],
    jobs: new Map(),
    cancels: [],
    behavior: { ...DEFAULT_BEHAVIOR },
    faults: new Faults<ReplicateOp>(),
    webhook(id, options = {}) {
      const job = fake.jobs.get(id);
      if (!job) throw new Error(`no Replicate prediction ${id}`);
      const body = Buffer.from(JSON.stringify(prediction(job)));
      const msgId = `msg_${randomBytes(12).toString("hex")}`;
      const at = options.timestamp ?? new Date();
      const seconds = Math.floor(at.getTime() / 1000);
      return {
        headers: {
          "content-type": "application/json",
          "webhook-id": msgId,
          "webhook-timestamp": String(seconds),
          "webhook-signature": new Webhook(options.secret ?? webhookSecret).sign(msgId, new Date(seconds * 1000), body),
        },
        body,
      };
    },
    async deliverWebhook(id) {
      const job = fake.jobs.get(id);
      if (!job?.webhook) throw new Error(`Replicate prediction ${id} has no webhook URL`);
      const { headers, body } = fake.webhook(id);
      const res = await fetch(job.webhook, { method: "POST", headers, body: new Uint8Array(body) });
      return res.status;
    },
    reset(behavior) {
      fake.creates.length = 0;
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
