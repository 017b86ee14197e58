// A local stand-in for a Veo-style long-running-operation API (submit, poll, cancel, download).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tinyMp4 } from "./tiny-mp4";

/** How the next submitted operation behaves. */
interface FakeBehavior {
  /** Polls answered `done: false` before the operation finishes. */
  pollsUntilDone: number;
  outcome: "success" | "error" | "policy_error" | "filtered" | "never" | "inline" | "bad_video";
  /** Reports metadata.progressPercent while running. */
  reportProgress: boolean;
  /** Submit answers this HTTP status with a JSON error body instead of accepting. */
  submitStatus?: number;
  submitMessage?: string;
  /** Poll answers this many 503s first. */
  pollFailures?: number;
}

interface FakeOperation {
  name: string;
  behavior: FakeBehavior;
  polls: number;
  canceled: boolean;
  body: VeoSubmitBody | undefined;
}

/** The part of a predictLongRunning submit body the tests read. */
interface VeoSubmitBody {
  instances: { prompt?: string; image?: unknown }[];
  parameters: Record<string, unknown>;
}

export interface FakeUpstream {
  url: string;
  apiKey: string;
  model: string;
  /** Accepted submissions (each would be paid for upstream). */
  submissions: number;
  submitRequests: number;
  polls: number;
  cancels: number;
  downloads: number;
  operations: Map<string, FakeOperation>;
  behavior: FakeBehavior;
  lastSubmitBody: VeoSubmitBody | undefined;
  /** Creates an operation the way a submit does (counts as a submission). */
  createOperation(behavior?: Partial<FakeBehavior>): FakeOperation;
  reset(behavior?: Partial<FakeBehavior>): void;
  close(): Promise<void>;
}

/** A real small MP4 from the local renderer, made once per test process. */
export function sampleMp4(): Promise<Buffer> {
  return tinyMp4(1);
}

const DEFAULT_BEHAVIOR: FakeBehavior = { pollsUntilDone: 3, outcome: "success", reportProgress: true };

export async function startFakeUpstream(opts: { apiKey?: string; model?: string } = {}): Promise<FakeUpstream> {
  const video = await sampleMp4();
  const apiKey = opts.apiKey ?? "fake-key-123";
  const model = opts.model ?? "veo-fake-1";
  let counter = 0;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    const p = url.pathname;

    if (req.method === "GET" && p.startsWith("/files/")) {
      fake.downloads++;
      const opName = decodeURIComponent(p.slice("/files/".length)).replace(/\.mp4$/, "");
      const op = fake.operations.get(opName);
      if (op?.behavior.outcome === "bad_video") {
        res.writeHead(200, { "content-type": "video/mp4" });
        return res.end("<html>not a video</html>");
      }
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(video.length) });
      return res.end(video);
    }

    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return json(res, 401, { error: { code: 401, status: "UNAUTHENTICATED", message: "API key not valid." } });
    }

    const submit = /^\/v1\/models\/([^/:]+):predictLongRunning$/.exec(p);
    if (req.method === "POST" && submit) {
      fake.submitRequests++;
      if (decodeURIComponent(submit[1]!) !== model) {
        return json(res, 404, { error: { code: 404, status: "NOT_FOUND", message: `model ${submit[1]} not found` } });
      }
      if (fake.behavior.submitStatus) {
        return json(res, fake.behavior.submitStatus, {
          error: {
            code: fake.behavior.submitStatus,
            status: "INVALID_ARGUMENT",
            message: fake.behavior.submitMessage ?? "bad request",
          },
        });
      }
      const op = fake.createOperation();
      op.body = JSON.parse(raw) as VeoSubmitBody;
      fake.lastSubmitBody = op.body;
      return json(res, 200, { name: op.name });
    }

    const cancel = /^\/v1\/(operations\/[^/:]+):cancel$/.exec(p);
    if (req.method === "POST" && cancel) {
      const op = fake.operations.get(cancel[1]!);
      if (!op) return json(res, 404, { error: { code: 404, message: "no such operation" } });
      fake.cancels++;
      op.canceled = true;
      return json(res, 200, {});
    }

    const poll = /^\/v1\/(operations\/[^/:]+)$/.exec(p);
    if (req.method === "GET" && poll) {
      const op = fake.operations.get(poll[1]!);
      if (!op) return json(res, 404, { error: { code: 404, status: "NOT_FOUND", message: "no such operation" } });
      op.polls++;
      fake.polls++;
      if (op.behavior.pollFailures && op.polls <= op.behavior.pollFailures) {
        return json(res, 503, { error: { code: 503, status: "UNAVAILABLE", message: "try again" } });
      }
      if (op.canceled) {
        return json(res, 200, { name: op.name, done: true, error: { code: 1, status: "CANCELLED", message: "canceled" } });
      }
      const { pollsUntilDone, outcome, reportProgress } = op.behavior;
      const polled = op.polls - (op.behavior.pollFailures ?? 0);
      if (outcome === "never" || polled <= pollsUntilDone) {
        const pct = Math.min(99, Math.round((polled / (pollsUntilDone + 1)) * 100));
        return json(res, 200, {
          name: op.name,
          done: false,
          metadata: reportProgress ? { progressPercent: pct } : { "@type": "fake.Metadata" },
        });
      }
      const base = `http://${req.headers.host}`;
      switch (outcome) {
        case "error":
          return json(res, 200, { name: op.name, done: true, error: { code: 13, status: "INTERNAL", message: "model crashed" } });
        case "policy_error":
          return json(res, 200, {
            name: op.name,
            done: true,
            error: {
              code: 3,
              status: "INVALID_ARGUMENT",
              message: "The prompt could not be submitted: it violates the usage guidelines.",
            },
          });
        case "filtered":
          return json(res, 200, {
            name: op.name,
            done: true,
            response: {
              generateVideoResponse: { raiMediaFilteredCount: 1, raiMediaFilteredReasons: ["Video blocked by safety filters."] },
            },
          });
        case "inline":
          return json(res, 200, {
            name: op.name,
            done: true,
            response: { generatedVideos: [{ video: { bytesBase64Encoded: video.toString("base64"), mimeType: "video/mp4" } }] },
          });
        default:
          return json(res, 200, {
            name: op.name,
            done: true,
            response: {
              "@type": "fake.GenerateVideoResponse",
              generatedVideos: [{ video: { uri: `${base}/files/${encodeURIComponent(op.name)}.mp4`, mimeType: "video/mp4" } }],
            },
          });
      }
    }
    json(res, 404, { error: { code: 404, message: `no route ${req.method} ${p}` } });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeUpstream = {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    model,
    submissions: 0,
    submitRequests: 0,
    polls: 0,
    cancels: 0,
    downloads: 0,
    operations: new Map(),
    behavior: { ...DEFAULT_BEHAVIOR },
    lastSubmitBody: undefined,
    createOperation(behavior) {
      fake.submissions++;
      const name = `operations/op-${++counter}-${Math.random().toString(36).slice(2, 10)}`;
      const op: FakeOperation = { name, behavior: { ...fake.behavior, ...behavior }, polls: 0, canceled: false, body: undefined };
      fake.operations.set(name, op);
      return op;
    },
    reset(behavior) {
      fake.submissions = 0;
      fake.submitRequests = 0;
      fake.polls = 0;
      fake.cancels = 0;
      fake.downloads = 0;
      fake.lastSubmitBody = undefined;
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
