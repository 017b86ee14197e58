// A local stand-in for Runway's task API (https://docs.dev.runwayml.com/api/): POST /v1/image_to_video
// and /v1/text_to_video validated per model as the official SDK types them, GET and DELETE
// /v1/tasks/{id}, Bearer auth plus the required X-Runway-Version header, errors as { "error": "..." },
// task failures with failureCode (SAFETY.* for moderation). Outputs are real MP4s of the requested
// length, served from /outputs/ like Runway's signed CDN URLs.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tinyMp4 } from "../helpers/tiny-mp4";

const API_VERSION = "2024-11-06";

/** How a submit is answered. */
type RunwaySubmitMode = "accept" | "rate_limit" | "server_error" | "bad_gateway" | "malformed" | "hang" | "reset";
/** How a task status call is answered. */
type RunwayPollMode = "ok" | "rate_limit" | "server_error" | "malformed" | "hang";
/** How a task ends. */
type RunwayOutcome = "success" | "failed" | "policy" | "never" | "output_404";

interface RunwayFakeBehavior {
  submit: RunwaySubmitMode;
  poll: RunwayPollMode;
  /** Polls answered PENDING, then RUNNING, before the task ends. */
  pollsUntilDone: number;
  outcome: RunwayOutcome;
  /** Seconds sent as Retry-After with a 429. */
  retryAfterSeconds: number;
  /** Length of the delivered clip when it should differ from the requested duration. */
  outputSeconds?: number;
}

interface RunwayFakeTask {
  id: string;
  endpoint: "image_to_video" | "text_to_video";
  body: Record<string, unknown>;
  /** This task's own behavior (a copy of the global one when it was created); tests may change it. */
  behavior: RunwayFakeBehavior;
  polls: number;
  canceled: boolean;
  deleted: boolean;
}

export interface RunwayFake {
  url: string;
  apiKey: string;
  /** Behavior of the next submits and of the tasks they create. */
  behavior: RunwayFakeBehavior;
  /** Every submit request received, accepted or not. */
  submits: { endpoint: string; body: unknown }[];
  tasks: Map<string, RunwayFakeTask>;
  /** Task ids a DELETE was received for. */
  deletes: string[];
  downloads: number;
  reset(behavior?: Partial<RunwayFakeBehavior>): void;
  close(): Promise<void>;
}

const DEFAULT_BEHAVIOR: RunwayFakeBehavior = {
  submit: "accept",
  poll: "ok",
  pollsUntilDone: 2,
  outcome: "success",
  retryAfterSeconds: 7,
};

interface ModelSchema {
  endpoints: readonly RunwayFakeTask["endpoint"][];
  ratios: Record<RunwayFakeTask["endpoint"], readonly string[]>;
  durations: readonly number[];
  durationRequired: boolean;
  positions: readonly string[];
  seed: boolean;
}

const GEN4_I2V_RATIOS = ["1280:720", "720:1280", "1104:832", "832:1104", "960:960", "1584:672"];
const VEO_RATIOS = ["1280:720", "720:1280", "1080:1920", "1920:1080"];
const TWO_TO_TEN = [2, 3, 4, 5, 6, 7, 8, 9, 10];

// The request schemas of the official SDK (src/resources/image-to-video.ts, text-to-video.ts).
const SCHEMAS: Record<string, ModelSchema> = {
  "gen4.5": {
    endpoints: ["image_to_video", "text_to_video"],
    ratios: { image_to_video: [...GEN4_I2V_RATIOS], text_to_video: ["1280:720", "720:1280"] },
    durations: TWO_TO_TEN,
    durationRequired: true,
    positions: ["first"],
    seed: true,
  },
  gen4_turbo: {
    endpoints: ["image_to_video"],
    ratios: { image_to_video: GEN4_I2V_RATIOS, text_to_video: [] },
    durations: TWO_TO_TEN,
    durationRequired: false,
    positions: ["first"],
    seed: true,
  },
  veo3: {
    endpoints: ["image_to_video", "text_to_video"],
    ratios: { image_to_video: VEO_RATIOS, text_to_video: VEO_RATIOS },
    durations: [8],
    durationRequired: true,
    positions: ["first"],
    seed: false,
  },
  "veo3.1": {
    endpoints: ["image_to_video", "text_to_video"],
    ratios: { image_to_video: VEO_RATIOS, text_to_video: VEO_RATIOS },
    durations: [4, 6, 8],
    durationRequired: false,
    positions: ["first", "last"],
    seed: false,
  },
  "veo3.1_fast": {
    endpoints: ["image_to_video", "text_to_video"],
    ratios: { image_to_video: VEO_RATIOS, text_to_video: VEO_RATIOS },
    durations: [4, 6, 8],
    durationRequired: false,
    positions: ["first", "last"],
    seed: false,
  },
};

const ASSET_URI = /^(https:\/\/[^\s]+|data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*)$/;

/** What is wrong with a submit body for this endpoint, or null when Runway would accept it. */
function validate(endpoint: RunwayFakeTask["endpoint"], body: Record<string, unknown>): string | null {
  const schema = typeof body.model === "string" ? SCHEMAS[body.model] : undefined;
  if (!schema) return `model: invalid value ${JSON.stringify(body.model)}`;
  if (!schema.endpoints.includes(endpoint)) return `model: ${String(body.model)} is not available on /v1/${endpoint}`;
  const allowed = new Set(["model", "promptText", "ratio", "duration", "contentModeration", ...(schema.seed ? ["seed"] : [])]);
  if (endpoint === "image_to_video") allowed.add("promptImage");
  const extra = Object.keys(body).filter((k) => !allowed.has(k));
  if (extra.length) return `Unrecognized key(s) in object: ${extra.join(", ")}`;
  const text = body.promptText;
  if (endpoint === "text_to_video" && typeof text !== "string") return "promptText: Required";
  if (text !== undefined && (typeof text !== "string" || text.length === 0 || text.length > 1000)) {
    return "promptText: must be a non-empty string up to 1000 characters";
  }
  if (typeof body.ratio !== "string" || !schema.ratios[endpoint].includes(body.ratio))
    return `ratio: invalid value ${JSON.stringify(body.ratio)}`;
  if (body.duration === undefined ? schema.durationRequired : !schema.durations.includes(body.duration as number)) {
    return `duration: invalid value ${JSON.stringify(body.duration)}`;
  }
  if (
    body.seed !== undefined &&
    !(Number.isInteger(body.seed) && (body.seed as number) >= 0 && (body.seed as number) <= 4294967295)
  ) {
    return "seed: must be an integer from 0 to 4294967295";
  }
  if (endpoint === "image_to_video") {
    const images = typeof body.promptImage === "string" ? [{ uri: body.promptImage, position: "first" }] : body.promptImage;
    if (!Array.isArray(images) || images.length === 0) return "promptImage: Required";
    for (const image of images as { uri?: unknown; position?: unknown }[]) {
      if (typeof image.uri !== "string" || !ASSET_URI.test(image.uri)) return "promptImage: must be an HTTPS URL or a data URI";
      if (!schema.positions.includes(String(image.position)))
        return `promptImage: invalid position ${JSON.stringify(image.position)}`;
    }
    if (!(images as { position?: unknown }[]).some((i) => i.position === "first"))
      return "promptImage: a first frame is required";
  }
  return null;
}

export async function startRunwayFake(opts: { apiKey?: string } = {}): Promise<RunwayFake> {
  const apiKey = opts.apiKey ?? "key_runway_fake";

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

  /** Answers for a non-"ok" submit or poll mode; false when the request should be served normally. */
  function fault(req: http.IncomingMessage, res: http.ServerResponse, mode: string, behavior: RunwayFakeBehavior): boolean {
    switch (mode) {
      case "rate_limit":
        json(res, 429, { error: "You have exceeded the rate limit." }, { "retry-after": String(behavior.retryAfterSeconds) });
        return true;
      case "server_error":
        json(res, 503, { error: "Runway is shedding load. Please retry." });
        return true;
      case "bad_gateway":
        json(res, 502, { error: "Bad gateway" });
        return true;
      case "malformed":
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"id": "trunc');
        return true;
      case "hang":
        return true; // never answered; the connection is closed with the server
      case "reset":
        req.socket.destroy();
        return true;
      default:
        return false;
    }
  }

  function taskBody(task: RunwayFakeTask, origin: string): unknown {
    const base = { id: task.id, createdAt: new Date(0).toISOString() };
    if (task.canceled) return { ...base, status: "CANCELLED" };
    const { pollsUntilDone, outcome } = task.behavior;
    if (task.polls === 1 && pollsUntilDone > 0) return { ...base, status: "PENDING" };
    if (outcome === "never" || task.polls <= pollsUntilDone) {
      return { ...base, status: "RUNNING", progress: Math.min(0.99, task.polls / (pollsUntilDone + 1)) };
    }
    switch (outcome) {
      case "failed":
        return { ...base, status: "FAILED", failure: "An unexpected error occurred.", failureCode: "INTERNAL.BAD_OUTPUT.CODE01" };
      case "policy":
        return {
          ...base,
          status: "FAILED",
          failure: "The prompt text did not pass content moderation.",
          failureCode: "SAFETY.INPUT.TEXT",
        };
      default:
        return { ...base, status: "SUCCEEDED", output: [`${origin}/outputs/${task.id}.mp4?_jwt=signed`] };
    }
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const origin = `http://${req.headers.host}`;

    const output = /^\/outputs\/([^/]+)\.mp4$/.exec(path);
    if (req.method === "GET" && output) {
      const task = fake.tasks.get(output[1]!);
      if (!task || task.behavior.outcome === "output_404") {
        res.writeHead(404, { "content-type": "text/plain" });
        return res.end("Not Found");
      }
      fake.downloads++;
      const video = await tinyMp4(task.behavior.outputSeconds ?? Number(task.body.duration ?? 5));
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(video.length) });
      return res.end(video);
    }

    if (req.headers.authorization !== `Bearer ${apiKey}`) return json(res, 401, { error: "Invalid API key." });
    if (req.headers["x-runway-version"] !== API_VERSION) {
      return json(res, 400, { error: `The X-Runway-Version header must be set to a valid version (e.g. ${API_VERSION}).` });
    }

    const submit = /^\/v1\/(image_to_video|text_to_video)$/.exec(path);
    if (req.method === "POST" && submit) {
      const endpoint = submit[1] as RunwayFakeTask["endpoint"];
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return json(res, 400, { error: "The request body is not valid JSON." });
      }
      fake.submits.push({ endpoint, body });
      if (fault(req, res, fake.behavior.submit, fake.behavior)) return;
      const problem = validate(endpoint, body);
      if (problem) return json(res, 400, { error: `Validation of body failed: ${problem}` });
      const task: RunwayFakeTask = {
        id: randomUUID(),
        endpoint,
        body,
        behavior: { ...fake.behavior },
        polls: 0,
        canceled: false,
        deleted: false,
      };
      fake.tasks.set(task.id, task);
      return json(res, 200, { id: task.id });
    }

    const taskPath = /^\/v1\/tasks\/([^/]+)$/.exec(path);
    const task = taskPath ? fake.tasks.get(decodeURIComponent(taskPath[1]!)) : undefined;
    if (taskPath && (!task || task.deleted)) return json(res, 404, { error: "Task not found." });
    if (req.method === "GET" && task) {
      if (fault(req, res, task.behavior.poll, task.behavior)) return;
      task.polls++;
      return json(res, 200, taskBody(task, origin));
    }
    if (req.method === "DELETE" && task) {
      fake.deletes.push(task.id);
      const finished = task.polls > task.behavior.pollsUntilDone && task.behavior.outcome !== "never";
      if (finished) task.deleted = true;
      else task.canceled = true;
      res.writeHead(204);
      return res.end();
    }
    json(res, 404, { error: `No route ${req.method} ${path}` });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: RunwayFake = {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    behavior: { ...DEFAULT_BEHAVIOR },
    submits: [],
    tasks: new Map(),
    deletes: [],
    downloads: 0,
    reset(behavior) {
      fake.behavior = { ...DEFAULT_BEHAVIOR, ...behavior };
      fake.submits = [];
      fake.tasks.clear();
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
