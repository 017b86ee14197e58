// The Runway adapter against a fake of Runway's task API.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  UpstreamCallError,
  type UpstreamImage,
  type UpstreamRequest,
  type UpstreamStatus,
  type UpstreamTarget,
} from "../../src/providers/adapter";
import { runwayAdapter } from "../../src/providers/adapters/runway";
import { fetchOutput } from "../../src/providers/http";
import { mp4DurationMs } from "../../src/storage/mp4-duration";
import { GenerationFailure, ProviderAbortedError } from "../../src/providers/types";
import { startRunwayFake, type RunwayFake } from "../fakes/runway";
import { tinyMp4 } from "../helpers/tiny-mp4";

process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";

let fake: RunwayFake;
let png: Buffer;
const never = new AbortController().signal;

beforeAll(async () => {
  fake = await startRunwayFake();
  // Rendered before any call: a clip the fake renders on first use can outlast the 1 s request timeout.
  await Promise.all([3, 5, 8].map(tinyMp4));
  png = await sharp({ create: { width: 16, height: 9, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

function target(over: Partial<UpstreamTarget> = {}): UpstreamTarget {
  return {
    name: "runway-test",
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    model: "gen4.5",
    webhookSecret: null,
    maxVideoBytes: 50_000_000,
    requestTimeoutMs: 1_000,
    ...over,
  };
}

function request(over: Partial<UpstreamRequest> = {}): UpstreamRequest {
  return {
    generationId: "vid_runway1",
    prompt: "a red fox runs through snow",
    durationSeconds: 5,
    size: "720p",
    aspectRatio: "16:9",
    width: 1280,
    height: 720,
    seed: 42,
    generateAudio: false,
    outputs: 1,
    references: [],
    ...over,
  };
}

function image(bytes = png, url = "https://images.example.com/frame.png"): UpstreamImage {
  return { url, bytes, mimeType: "image/png" };
}

/** Polls until the task leaves "running" (or `max` polls), returning every state seen. */
async function pollToEnd(t: UpstreamTarget, id: string, max = 10): Promise<UpstreamStatus[]> {
  const seen: UpstreamStatus[] = [];
  for (let i = 0; i < max; i++) {
    const s = await runwayAdapter.status(t, id, never);
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

describe("runway capabilities", () => {
  it("describes the documented models and nothing else", () => {
    expect(runwayAdapter.capabilities("gen4.5")).toEqual({
      durations: [2, 3, 4, 5, 6, 7, 8, 9, 10],
      sizes: ["720p"],
      aspectRatios: ["16:9", "9:16"],
      firstFrame: true,
      lastFrame: false,
      maxReferences: 0,
      idempotentSubmit: false,
      seed: true,
    });
    expect(runwayAdapter.capabilities("veo3")).toMatchObject({
      durations: [8],
      sizes: ["720p", "1080p"],
      lastFrame: false,
      seed: false,
    });
    expect(runwayAdapter.capabilities("veo3.1")).toMatchObject({ durations: [4, 6, 8], lastFrame: true });
    expect(runwayAdapter.capabilities("gen3a_turbo")).toBeNull();
    expect(runwayAdapter.capabilities("no-such-model")).toBeNull();
  });

  it("refuses before sending what the model cannot take", async () => {
    const turbo = await rejection(runwayAdapter.submit(target({ model: "gen4_turbo" }), request(), "k1", never));
    expect(turbo).toBeInstanceOf(GenerationFailure);
    expect((turbo as GenerationFailure).code).toBe("upstream_error");
    const lastOnly = await rejection(
      runwayAdapter.submit(target({ model: "veo3.1" }), request({ lastFrame: image() }), "k2", never),
    );
    expect(lastOnly).toBeInstanceOf(GenerationFailure);
    const refs = await rejection(runwayAdapter.submit(target(), request({ references: [image()] }), "k3", never));
    expect(refs).toBeInstanceOf(GenerationFailure);
    expect(fake.submits).toHaveLength(0);
  });
});

describe("runway success", () => {
  it("submits text-to-video with the documented fields, polls to SUCCEEDED and downloads an MP4", async () => {
    const t = target();
    const id = await runwayAdapter.submit(t, request(), "key-1", never);
    expect(fake.submits).toEqual([
      {
        endpoint: "text_to_video",
        body: { model: "gen4.5", promptText: "a red fox runs through snow", ratio: "1280:720", duration: 5, seed: 42 },
      },
    ]);
    const states = await pollToEnd(t, id);
    expect(states.map((s) => s.state)).toEqual(["running", "running", "succeeded"]);
    expect(states[0]).toEqual({ state: "running" });
    const progress = (states[1] as { progress?: number }).progress;
    expect(progress).toBeGreaterThan(1);
    expect(progress).toBeLessThan(100);
    const done = states[2] as Extract<UpstreamStatus, { state: "succeeded" }>;
    expect(mp4DurationMs(await fetchOutput(t, done.outputs[0]!, never))).toBe(5_000);
    expect(fake.downloads).toBe(1);
  });

  it("delivers a shorter clip when the task is told to (3 s of a requested 5 s)", async () => {
    fake.behavior.outputSeconds = 3;
    const id = await runwayAdapter.submit(target(), request(), "key-short", never);
    const done = (await pollToEnd(target(), id)).at(-1) as Extract<UpstreamStatus, { state: "succeeded" }>;
    expect(mp4DurationMs(await fetchOutput(target(), done.outputs[0]!, never))).toBe(3_000);
  });

  it("sends first and last frames as data URIs to image_to_video, without a seed for Veo", async () => {
    const t = target({ model: "veo3.1" });
    const id = await runwayAdapter.submit(
      t,
      request({ durationSeconds: 8, size: "1080p", width: 1920, height: 1080, firstFrame: image(), lastFrame: image() }),
      "key-2",
      never,
    );
    const dataUri = `data:image/png;base64,${png.toString("base64")}`;
    expect(fake.submits).toEqual([
      {
        endpoint: "image_to_video",
        body: {
          model: "veo3.1",
          promptText: "a red fox runs through snow",
          ratio: "1920:1080",
          duration: 8,
          promptImage: [
            { uri: dataUri, position: "first" },
            { uri: dataUri, position: "last" },
          ],
        },
      },
    ]);
    expect((await pollToEnd(t, id)).at(-1)?.state).toBe("succeeded");
  });

  it("sends an image too large for a data URI by its own URL", async () => {
    const big = image(Buffer.alloc(4 * 1024 * 1024, 1), "https://images.example.com/big.png");
    await runwayAdapter.submit(
      target({ model: "gen4_turbo" }),
      request({ firstFrame: big, aspectRatio: "9:16", width: 720, height: 1280 }),
      "k",
      never,
    );
    expect(fake.submits[0]?.body).toMatchObject({
      ratio: "720:1280",
      promptImage: [{ uri: "https://images.example.com/big.png", position: "first" }],
    });
  });
});

describe("runway submit failures", () => {
  it("429 with Retry-After: retryable, not accepted, with the delay", async () => {
    fake.behavior.submit = "rate_limit";
    const err = await rejection(runwayAdapter.submit(target(), request(), "k", never));
    expect(err).toBeInstanceOf(UpstreamCallError);
    expect((err as UpstreamCallError).options).toMatchObject({
      retryable: true,
      accepted: "no",
      status: 429,
      retryAfterMs: 7000,
    });
    expect(fake.submits).toHaveLength(1);
    expect(fake.tasks.size).toBe(0);
  });

  it("503 is not accepted; 502 may have been", async () => {
    fake.behavior.submit = "server_error";
    const down = (await rejection(runwayAdapter.submit(target(), request(), "k", never))) as UpstreamCallError;
    expect(down.options).toMatchObject({ retryable: true, accepted: "no", status: 503 });
    fake.behavior.submit = "bad_gateway";
    const gateway = (await rejection(runwayAdapter.submit(target(), request(), "k", never))) as UpstreamCallError;
    expect(gateway.options).toMatchObject({ retryable: true, accepted: "unknown", status: 502 });
  });

  it("an unreadable success answer or a dropped connection may have been accepted", async () => {
    fake.behavior.submit = "malformed";
    const malformed = await rejection(runwayAdapter.submit(target(), request(), "k", never));
    expect(malformed).toBeInstanceOf(UpstreamCallError);
    expect((malformed as UpstreamCallError).options.accepted).toBe("unknown");
    fake.behavior.submit = "reset";
    const reset = await rejection(runwayAdapter.submit(target(), request(), "k", never));
    expect(reset).toBeInstanceOf(UpstreamCallError);
    expect((reset as UpstreamCallError).options.accepted).toBe("unknown");
  });

  it("a hanging submit stops when the signal aborts", async () => {
    fake.behavior.submit = "hang";
    const err = await rejection(runwayAdapter.submit(target(), request(), "k", AbortSignal.timeout(200)));
    expect(err).toBeInstanceOf(ProviderAbortedError);
    expect(fake.submits).toHaveLength(1);
  });

  it("a submit never answered times out as possibly accepted", async () => {
    fake.behavior.submit = "hang";
    const err = await rejection(runwayAdapter.submit(target(), request(), "k", never));
    expect(err).toBeInstanceOf(UpstreamCallError);
    expect((err as UpstreamCallError).options).toMatchObject({ retryable: true, accepted: "unknown" });
  }, 60_000);

  it("a wrong key is a retryable route problem; an unreachable upstream was never reached", async () => {
    const auth = (await rejection(runwayAdapter.submit(target({ apiKey: "wrong" }), request(), "k", never))) as UpstreamCallError;
    expect(auth).toBeInstanceOf(UpstreamCallError);
    expect(auth.options).toMatchObject({ retryable: true, accepted: "no", status: 401 });
    const closed = (await rejection(
      runwayAdapter.submit(target({ baseUrl: "http://127.0.0.1:1" }), request(), "k", never),
    )) as UpstreamCallError;
    expect(closed).toBeInstanceOf(UpstreamCallError);
    expect(closed.options.accepted).toBe("no");
  });

  it("a request Runway rejects as invalid is a final upstream_error", async () => {
    const err = await rejection(runwayAdapter.submit(target({ model: "veo3" }), request({ durationSeconds: 5 }), "k", never));
    expect(err).toBeInstanceOf(GenerationFailure);
    expect((err as GenerationFailure).code).toBe("upstream_error");
    expect((err as GenerationFailure).detail).toContain("duration");
    expect(fake.tasks.size).toBe(0);
  });
});

describe("runway task states", () => {
  async function submitted(over: Partial<RunwayFake["behavior"]> = {}) {
    Object.assign(fake.behavior, over);
    return runwayAdapter.submit(target(), request(), "k", never);
  }

  it("a failed task is an upstream_error with Runway's code", async () => {
    const id = await submitted({ outcome: "failed" });
    const end = (await pollToEnd(target(), id)).at(-1);
    expect(end?.state).toBe("failed");
    const failure = (end as Extract<UpstreamStatus, { state: "failed" }>).failure;
    expect(failure.code).toBe("upstream_error");
    expect(failure.detail).toContain("INTERNAL.BAD_OUTPUT");
  });

  it("a moderated task is a content_policy_violation in Runway's words", async () => {
    const id = await submitted({ outcome: "policy" });
    const end = (await pollToEnd(target(), id)).at(-1) as Extract<UpstreamStatus, { state: "failed" }>;
    expect(end.failure.code).toBe("content_policy_violation");
    expect(end.failure.message).toContain("did not pass content moderation");
  });

  it("a task that never finishes stays running", async () => {
    const id = await submitted({ outcome: "never" });
    const states = await pollToEnd(target(), id, 8);
    expect(states).toHaveLength(8);
    expect(states.every((s) => s.state === "running")).toBe(true);
  });

  it("an output URL that 404s fails the download, possibly accepted, not retryable", async () => {
    const id = await submitted({ outcome: "output_404" });
    const end = (await pollToEnd(target(), id)).at(-1) as Extract<UpstreamStatus, { state: "succeeded" }>;
    expect(end.state).toBe("succeeded");
    const err = await rejection(fetchOutput(target(), end.outputs[0]!, never));
    expect(err).toBeInstanceOf(UpstreamCallError);
    expect((err as UpstreamCallError).options).toMatchObject({ retryable: false, status: 404 });
  });

  it("status calls that fail are retryable errors, and polling resumes afterwards", async () => {
    const id = await submitted();
    const task = fake.tasks.get(id)!;
    for (const poll of ["rate_limit", "server_error", "malformed"] as const) {
      task.behavior.poll = poll;
      expect(await rejection(runwayAdapter.status(target(), id, never))).toBeInstanceOf(UpstreamCallError);
    }
    task.behavior.poll = "hang";
    expect(await rejection(runwayAdapter.status(target(), id, AbortSignal.timeout(200)))).toBeInstanceOf(ProviderAbortedError);
    task.behavior.poll = "ok";
    expect((await pollToEnd(target(), id)).at(-1)?.state).toBe("succeeded");
  });

  it("a task Runway no longer knows is a final upstream_error", async () => {
    const err = await rejection(runwayAdapter.status(target(), "4f1c0000-0000-4000-8000-000000000000", never));
    expect(err).toBeInstanceOf(GenerationFailure);
  });
});

describe("runway cancel", () => {
  it("DELETEs a running task, which then reads CANCELLED", async () => {
    const id = await runwayAdapter.submit(target(), request(), "k", never);
    await runwayAdapter.status(target(), id, never);
    await runwayAdapter.cancel(target(), id);
    expect(fake.deletes).toEqual([id]);
    expect(await runwayAdapter.status(target(), id, never)).toEqual({ state: "canceled" });
  });

  it("never throws, whatever the upstream does", async () => {
    await expect(runwayAdapter.cancel(target(), "no-such-task")).resolves.toBeUndefined();
    await expect(runwayAdapter.cancel(target({ baseUrl: "http://127.0.0.1:1" }), "x")).resolves.toBeUndefined();
  });
});
