// The OpenAI Videos API adapter against a fake of the API.
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  UpstreamCallError,
  type UpstreamImage,
  type UpstreamRequest,
  type UpstreamStatus,
  type UpstreamTarget,
} from "../../src/providers/adapter";
import { openaiAdapter } from "../../src/providers/adapters/openai";
import { fetchOutput } from "../../src/providers/http";
import { mp4DurationMs } from "../../src/storage/mp4-duration";
import { GenerationFailure, ProviderAbortedError } from "../../src/providers/types";
import { startOpenAIFake, type OpenAIFake } from "../fakes/openai";
import { tinyMp4 } from "../helpers/tiny-mp4";

process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";

let fake: OpenAIFake;
let png: Buffer;
const never = new AbortController().signal;

beforeAll(async () => {
  fake = await startOpenAIFake();
  // Rendered before any call: a clip the fake renders on first use can outlast the 1 s request timeout.
  await Promise.all([4, 5, 8].map(tinyMp4));
  png = await sharp({ create: { width: 32, height: 18, channels: 3, background: "#3a6" } })
    .png()
    .toBuffer();
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

function target(over: Partial<UpstreamTarget> = {}): UpstreamTarget {
  return {
    name: "openai-test",
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    model: "sora-2",
    webhookSecret: fake.webhookSecret,
    maxVideoBytes: 50_000_000,
    requestTimeoutMs: 1_000,
    ...over,
  };
}

function request(over: Partial<UpstreamRequest> = {}): UpstreamRequest {
  return {
    generationId: "vid_openai1",
    prompt: "a paper boat drifts down a rainy street",
    durationSeconds: 8,
    size: "720p",
    aspectRatio: "16:9",
    width: 1280,
    height: 720,
    seed: 7,
    generateAudio: false,
    outputs: 1,
    references: [],
    ...over,
  };
}

function image(): UpstreamImage {
  return { url: "https://images.example.com/frame.png", bytes: png, mimeType: "image/png" };
}

async function pollToEnd(t: UpstreamTarget, id: string, max = 10): Promise<UpstreamStatus[]> {
  const seen: UpstreamStatus[] = [];
  for (let i = 0; i < max; i++) {
    const s = await openaiAdapter.status(t, id, never);
    seen.push(s);
    if (s.state !== "running") break;
  }
  return seen;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (err: unknown) => err,
  );
}

describe("openai capabilities", () => {
  it("describes sora-2, sora-2-pro and their snapshots; nothing else", () => {
    const sora = {
      durations: [4, 8, 12],
      sizes: ["720p"],
      aspectRatios: ["16:9", "9:16"],
      firstFrame: true,
      lastFrame: false,
      maxReferences: 0,
      idempotentSubmit: false,
      // Sora 2 always adds sound; it takes no negative prompt and no seed.
      audio: true,
    };
    expect(openaiAdapter.capabilities("sora-2")).toEqual(sora);
    expect(openaiAdapter.capabilities("sora-2-pro")).toEqual(sora);
    expect(openaiAdapter.capabilities("sora-2-pro-2025-10-06")).toEqual(sora);
    expect(openaiAdapter.capabilities("gpt-image-1")).toBeNull();
  });

  it("refuses before sending what the API cannot take", async () => {
    const last = await rejection(
      openaiAdapter.submit(target(), request({ firstFrame: image(), lastFrame: image() }), "k", never),
    );
    expect(last).toBeInstanceOf(GenerationFailure);
    const refs = await rejection(openaiAdapter.submit(target(), request({ references: [image()] }), "k", never));
    expect(refs).toBeInstanceOf(GenerationFailure);
    expect(fake.submits).toHaveLength(0);
  });
});

describe("openai success", () => {
  it("creates with the documented JSON fields, polls to completed and downloads the content with the key", async () => {
    const t = target();
    const id = await openaiAdapter.submit(t, request(), "gen-key-1", never);
    expect(fake.submits).toEqual([
      {
        body: { model: "sora-2", prompt: "a paper boat drifts down a rainy street", seconds: "8", size: "1280x720" },
        idempotencyKey: undefined,
      },
    ]);
    const states = await pollToEnd(t, id);
    expect(states.map((s) => s.state)).toEqual(["running", "running", "succeeded"]);
    expect(states[0]).toEqual({ state: "running", progress: 0 });
    expect((states[1] as { progress?: number }).progress).toBe(67);
    const done = states[2] as Extract<UpstreamStatus, { state: "succeeded" }>;
    expect(done.outputs[0]!).toEqual({
      url: `${fake.url}/videos/${id}/content`,
      headers: { authorization: `Bearer ${fake.apiKey}` },
    });
    expect(mp4DurationMs(await fetchOutput(t, done.outputs[0]!, never))).toBe(8_000);
    // The content is the API's own: without the key it is refused.
    const anonymous = await rejection(fetchOutput(t, { url: `${fake.url}/videos/${id}/content` }, never));
    expect((anonymous as UpstreamCallError).options.status).toBe(401);
  });

  it("delivers a shorter clip when the video is told to (4 s of a requested 8 s)", async () => {
    fake.behavior.outputSeconds = 4;
    const id = await openaiAdapter.submit(target(), request(), "k", never);
    const done = (await pollToEnd(target(), id)).at(-1) as Extract<UpstreamStatus, { state: "succeeded" }>;
    expect(mp4DurationMs(await fetchOutput(target(), done.outputs[0]!, never))).toBe(4_000);
  });

  it("sends the first frame as input_reference, resized to the output size", async () => {
    const id = await openaiAdapter.submit(
      target({ model: "sora-2-pro" }),
      request({ aspectRatio: "9:16", width: 720, height: 1280, durationSeconds: 4, firstFrame: image() }),
      "k",
      never,
    );
    const body = fake.submits[0]?.body as { size: string; seconds: string; input_reference: { image_url: string } };
    expect(body).toMatchObject({ model: "sora-2-pro", size: "720x1280", seconds: "4" });
    const [, b64] = body.input_reference.image_url.split(",");
    expect(body.input_reference.image_url.startsWith("data:image/jpeg;base64,")).toBe(true);
    const meta = await sharp(Buffer.from(b64!, "base64")).metadata();
    expect([meta.width, meta.height]).toEqual([720, 1280]);
    expect(fake.videos.has(id)).toBe(true);
  });
});

describe("openai create failures", () => {
  it("429 with Retry-After: retryable, not accepted, with the delay", async () => {
    fake.behavior.submit = "rate_limit";
    const err = (await rejection(openaiAdapter.submit(target(), request(), "k", never))) as UpstreamCallError;
    expect(err).toBeInstanceOf(UpstreamCallError);
    expect(err.options).toMatchObject({ retryable: true, accepted: "no", status: 429, retryAfterMs: 7000 });
    expect(fake.submits).toHaveLength(1);
    expect(fake.videos.size).toBe(0);
  });

  it("500 is not accepted; 502 may have been", async () => {
    fake.behavior.submit = "server_error";
    const down = (await rejection(openaiAdapter.submit(target(), request(), "k", never))) as UpstreamCallError;
    expect(down.options).toMatchObject({ retryable: true, accepted: "no", status: 500 });
    fake.behavior.submit = "bad_gateway";
    const gateway = (await rejection(openaiAdapter.submit(target(), request(), "k", never))) as UpstreamCallError;
    expect(gateway.options).toMatchObject({ retryable: true, accepted: "unknown", status: 502 });
  });

  it("an unreadable success answer or a dropped connection may have been accepted", async () => {
    for (const mode of ["malformed", "reset"] as const) {
      fake.behavior.submit = mode;
      const err = await rejection(openaiAdapter.submit(target(), request(), "k", never));
      expect(err).toBeInstanceOf(UpstreamCallError);
      expect((err as UpstreamCallError).options.accepted).toBe("unknown");
    }
  });

  it("a hanging create stops when the signal aborts", async () => {
    fake.behavior.submit = "hang";
    expect(await rejection(openaiAdapter.submit(target(), request(), "k", AbortSignal.timeout(200)))).toBeInstanceOf(
      ProviderAbortedError,
    );
  });

  it("a create never answered times out as possibly accepted", async () => {
    fake.behavior.submit = "hang";
    const err = await rejection(openaiAdapter.submit(target(), request(), "k", never));
    expect(err).toBeInstanceOf(UpstreamCallError);
    expect((err as UpstreamCallError).options).toMatchObject({ retryable: true, accepted: "unknown" });
  }, 60_000);

  it("a wrong key is a retryable route problem, not accepted", async () => {
    const err = (await rejection(
      openaiAdapter.submit(target({ apiKey: "sk-wrong" }), request(), "k", never),
    )) as UpstreamCallError;
    expect(err).toBeInstanceOf(UpstreamCallError);
    expect(err.options).toMatchObject({ retryable: true, accepted: "no", status: 401 });
  });

  it("a moderation refusal is a content_policy_violation in OpenAI's words", async () => {
    fake.behavior.submit = "policy";
    const err = (await rejection(openaiAdapter.submit(target(), request(), "k", never))) as GenerationFailure;
    expect(err).toBeInstanceOf(GenerationFailure);
    expect(err.code).toBe("content_policy_violation");
    expect(err.message).toContain("blocked by our moderation system");
  });

  it("a request the API rejects as invalid is a final upstream_error", async () => {
    const err = (await rejection(
      openaiAdapter.submit(target(), request({ durationSeconds: 5 }), "k", never),
    )) as GenerationFailure;
    expect(err).toBeInstanceOf(GenerationFailure);
    expect(err.code).toBe("upstream_error");
    expect(err.detail).toContain("seconds");
  });
});

describe("openai video states", () => {
  async function created(over: Partial<OpenAIFake["behavior"]> = {}) {
    Object.assign(fake.behavior, over);
    return openaiAdapter.submit(target(), request(), "k", never);
  }

  it("a failed video is an upstream_error with OpenAI's code", async () => {
    const end = (await pollToEnd(target(), await created({ outcome: "failed" }))).at(-1) as Extract<
      UpstreamStatus,
      { state: "failed" }
    >;
    expect(end.state).toBe("failed");
    expect(end.failure.code).toBe("upstream_error");
    expect(end.failure.detail).toContain("video_generation_failed");
  });

  it("a moderated video is a content_policy_violation in OpenAI's words", async () => {
    const end = (await pollToEnd(target(), await created({ outcome: "policy" }))).at(-1) as Extract<
      UpstreamStatus,
      { state: "failed" }
    >;
    expect(end.failure.code).toBe("content_policy_violation");
    expect(end.failure.message).toContain("blocked by our moderation system");
  });

  it("a video that never finishes stays running", async () => {
    const states = await pollToEnd(target(), await created({ outcome: "never" }), 8);
    expect(states).toHaveLength(8);
    expect(states.every((s) => s.state === "running")).toBe(true);
  });

  it("content that 404s fails the download, not retryable", async () => {
    const end = (await pollToEnd(target(), await created({ outcome: "output_404" }))).at(-1) as Extract<
      UpstreamStatus,
      { state: "succeeded" }
    >;
    expect(end.state).toBe("succeeded");
    const err = (await rejection(fetchOutput(target(), end.outputs[0]!, never))) as UpstreamCallError;
    expect(err).toBeInstanceOf(UpstreamCallError);
    expect(err.options).toMatchObject({ retryable: false, status: 404 });
  });

  it("retrieve calls that fail are retryable errors, and polling resumes afterwards", async () => {
    const id = await created();
    const v = fake.videos.get(id)!;
    for (const poll of ["rate_limit", "server_error", "malformed"] as const) {
      v.behavior.poll = poll;
      expect(await rejection(openaiAdapter.status(target(), id, never))).toBeInstanceOf(UpstreamCallError);
    }
    v.behavior.poll = "hang";
    expect(await rejection(openaiAdapter.status(target(), id, AbortSignal.timeout(200)))).toBeInstanceOf(ProviderAbortedError);
    v.behavior.poll = "ok";
    expect((await pollToEnd(target(), id)).at(-1)?.state).toBe("succeeded");
  });

  it("a video the API no longer knows is a final upstream_error", async () => {
    expect(await rejection(openaiAdapter.status(target(), "video_missing", never))).toBeInstanceOf(GenerationFailure);
  });
});

describe("openai cancel", () => {
  it("DELETEs the video and never throws", async () => {
    const id = await openaiAdapter.submit(target(), request(), "k", never);
    await openaiAdapter.cancel(target(), id);
    expect(fake.deletes).toEqual([id]);
    await expect(openaiAdapter.cancel(target(), "video_missing")).resolves.toBeUndefined();
    await expect(openaiAdapter.cancel(target({ baseUrl: "http://127.0.0.1:1/v1" }), id)).resolves.toBeUndefined();
  });
});

describe("openai webhooks", () => {
  let receiver: http.Server;
  let receiverUrl: string;
  let received: { headers: Record<string, string>; body: Buffer }[] = [];

  beforeAll(async () => {
    receiver = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/openai`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  beforeEach(() => {
    received = [];
  });

  it("a delivered video.completed is verified and points at the content", async () => {
    const id = await openaiAdapter.submit(target(), request(), "k", never);
    await pollToEnd(target(), id);
    expect(await fake.sendWebhook(receiverUrl, "video.completed", id)).toBe(200);
    const call = received[0]!;
    const parsed = await openaiAdapter.parseCallback!(target(), call.headers, call.body);
    expect(parsed).toEqual({
      upstreamId: id,
      status: {
        state: "succeeded",
        outputs: [{ url: `${fake.url}/videos/${id}/content`, headers: { authorization: `Bearer ${fake.apiKey}` } }],
      },
    });
    const succeeded = parsed!.status as Extract<UpstreamStatus, { state: "succeeded" }>;
    expect(mp4DurationMs(await fetchOutput(target(), succeeded.outputs[0]!, never))).toBe(8_000);
  });

  it("a video.failed reads the reason from the video", async () => {
    fake.behavior.outcome = "policy";
    const id = await openaiAdapter.submit(target(), request(), "k", never);
    await pollToEnd(target(), id);
    const { headers, body } = fake.webhook("video.failed", id);
    const parsed = await openaiAdapter.parseCallback!(target(), headers, body);
    expect(parsed?.upstreamId).toBe(id);
    expect((parsed!.status as Extract<UpstreamStatus, { state: "failed" }>).failure.code).toBe("content_policy_violation");
  });

  it("forged, tampered, old, unsigned or unrelated calls are not genuine", async () => {
    const parse = (h: Record<string, string>, b: Buffer, t = target()) => openaiAdapter.parseCallback!(t, h, b);
    const genuine = fake.webhook("video.completed", "video_1");
    expect(await parse(genuine.headers, genuine.body)).not.toBeNull();

    const forged = fake.webhook("video.completed", "video_1", {
      secret: `whsec_${Buffer.from("another secret!!").toString("base64")}`,
    });
    expect(await parse(forged.headers, forged.body)).toBeNull();
    const tampered = Buffer.from(genuine.body.toString("utf8").replace("video_1", "video_2"));
    expect(await parse(genuine.headers, tampered)).toBeNull();
    const old = fake.webhook("video.completed", "video_1", { at: new Date(Date.now() - 10 * 60_000) });
    expect(await parse(old.headers, old.body)).toBeNull();
    const { "webhook-signature": _dropped, ...unsigned } = genuine.headers;
    expect(await parse(unsigned, genuine.body)).toBeNull();
    expect(await parse(genuine.headers, genuine.body, target({ webhookSecret: null }))).toBeNull();
    const other = fake.webhook("response.completed", "resp_1");
    expect(await parse(other.headers, other.body)).toBeNull();
  });
});
