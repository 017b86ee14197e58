// The fal adapter against a fake of fal's queue API: field mapping, every failure mode, cancel, webhooks.
import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UpstreamCallError, type UpstreamImage, type UpstreamRequest, type UpstreamTarget } from "../../src/providers/adapter";
import { createFalAdapter } from "../../src/providers/adapters/fal";
import { fetchOutput } from "../../src/providers/http";
import { GenerationFailure } from "../../src/providers/types";
import { type FalFake, startFalFake } from "../fakes/fal";
import { tinyMp4 } from "../helpers/tiny-mp4";

process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";

const image = (name: string): UpstreamImage => ({
  url: `https://images.example.com/${name}.png`,
  bytes: Buffer.from("png"),
  mimeType: "image/png",
});

function request(overrides: Partial<UpstreamRequest> = {}): UpstreamRequest {
  return {
    generationId: "gen_fal_1",
    prompt: "a lighthouse at night",
    durationSeconds: 8,
    size: "1080p",
    aspectRatio: "16:9",
    width: 1920,
    height: 1080,
    seed: 7,
    generateAudio: false,
    outputs: 1,
    references: [],
    ...overrides,
  };
}

/** What a call rejected with (the test fails if it resolved). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (err: unknown) => err,
  );
}

describe("fal adapter", () => {
  let fake: FalFake;
  let adapter: ReturnType<typeof createFalAdapter>;
  const signal = () => AbortSignal.timeout(20_000);
  const target = (model = "fal-ai/veo3.1"): UpstreamTarget => ({
    name: "fal-test",
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    model,
    webhookSecret: null,
    maxVideoBytes: 20 * 1024 * 1024,
    requestTimeoutMs: 1_000,
  });

  /** Polls until the job leaves "running" (bounded), returning every state seen. */
  async function pollToEnd(t: UpstreamTarget, id: string, maxPolls = 20) {
    const seen = [];
    for (let i = 0; i < maxPolls; i++) {
      const status = await adapter.status(t, id, signal());
      seen.push(status);
      if (status.state !== "running") break;
    }
    return seen;
  }

  beforeAll(async () => {
    fake = await startFalFake();
    // Rendered before any call: a clip the fake renders on first use can outlast the 1 s request timeout.
    await tinyMp4(1);
    adapter = createFalAdapter({ jwksUrl: fake.jwksUrl });
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  describe("capabilities", () => {
    it("describes the documented endpoints and knows nothing of others", () => {
      expect(adapter.capabilities("fal-ai/veo3.1")).toEqual({
        durations: [4, 6, 8],
        sizes: ["720p", "1080p", "4k"],
        aspectRatios: ["16:9", "9:16"],
        firstFrame: false,
        lastFrame: false,
        maxReferences: 0,
        idempotentSubmit: false,
        audio: true,
        negativePrompt: true,
        seed: true,
      });
      expect(adapter.capabilities("fal-ai/veo3.1/first-last-frame-to-video")).toMatchObject({
        firstFrame: true,
        lastFrame: true,
      });
      expect(adapter.capabilities("fal-ai/veo3.1/reference-to-video")).toMatchObject({ durations: [8], maxReferences: 3 });
      expect(adapter.capabilities("fal-ai/kling-video/v2.5-turbo/pro/text-to-video")).toMatchObject({
        durations: [5, 10],
        sizes: ["1080p"],
        firstFrame: false,
      });
      expect(adapter.capabilities("fal-ai/wan-25-preview/text-to-video")).toMatchObject({
        durations: [5, 10],
        sizes: ["720p", "1080p"],
      });
      expect(adapter.capabilities("fal-ai/some-image-model")).toBeNull();
    });

    it("refuses before calling fal when the endpoint is unknown or lacks a required image", async () => {
      const unknown = await rejection(adapter.submit(target("fal-ai/flux/dev"), request(), "key-1", signal()));
      expect(unknown).toBeInstanceOf(GenerationFailure);
      expect((unknown as GenerationFailure).code).toBe("upstream_error");
      const noFrame = await rejection(adapter.submit(target("fal-ai/veo3.1/image-to-video"), request(), "key-1", signal()));
      expect((noFrame as GenerationFailure).detail).toMatch(/requires a first frame/);
      expect(fake.submits).toHaveLength(0);
    });
  });

  describe("a generation that succeeds", () => {
    it("submits once with the documented fields, polls the app's request paths, and yields the MP4", async () => {
      const t = target();
      const id = await adapter.submit(
        t,
        request({ callbackUrl: "https://api.example.com/hooks/fal/gen_fal_1" }),
        "key-1",
        signal(),
      );
      expect(fake.submits).toHaveLength(1);
      expect(fake.submits[0]).toEqual({
        endpoint: "fal-ai/veo3.1",
        input: {
          prompt: "a lighthouse at night",
          duration: "8s",
          resolution: "1080p",
          aspect_ratio: "16:9",
          generate_audio: false,
          seed: 7,
        },
        webhookUrl: "https://api.example.com/hooks/fal/gen_fal_1",
        authorization: `Key ${fake.apiKey}`,
      });

      const states = await pollToEnd(t, id);
      expect(states[0]).toEqual({ state: "running" });
      expect(states.some((s) => s.state === "running" && typeof s.progress === "number" && s.progress > 0)).toBe(true);
      const last = states.at(-1)!;
      expect(last.state).toBe("succeeded");
      if (last.state !== "succeeded") return;
      expect(await fetchOutput(t, last.outputs[0]!, signal())).toEqual(await tinyMp4(1));
      expect(fake.submits).toHaveLength(1);
    });

    it("sends generate_audio and negative_prompt where the endpoint documents them, and only there", async () => {
      const asked = request({ generateAudio: true, negativePrompt: "fog" });
      await adapter.submit(target("fal-ai/veo3.1"), asked, "k", signal());
      await adapter.submit(
        target("fal-ai/kling-video/v2.5-turbo/pro/text-to-video"),
        { ...asked, durationSeconds: 5, generateAudio: false },
        "k",
        signal(),
      );
      expect(fake.submits.map((s) => s.input)).toEqual([
        expect.objectContaining({ generate_audio: true, negative_prompt: "fog", seed: 7 }),
        { prompt: "a lighthouse at night", duration: "5", aspect_ratio: "16:9", negative_prompt: "fog" },
      ]);
      // Kling makes silent clips: a request for sound never reaches it (routing refuses it first).
      expect(adapter.capabilities("fal-ai/kling-video/v2.5-turbo/pro/text-to-video")?.audio).toBeUndefined();
    });

    it("maps frames and references to each endpoint's fields (image URLs as sent)", async () => {
      await adapter.submit(target("fal-ai/veo3.1/image-to-video"), request({ firstFrame: image("first") }), "k", signal());
      await adapter.submit(
        target("fal-ai/veo3.1/first-last-frame-to-video"),
        request({ firstFrame: image("first"), lastFrame: image("last"), durationSeconds: 4, size: "720p", aspectRatio: "9:16" }),
        "k",
        signal(),
      );
      await adapter.submit(
        target("fal-ai/veo3.1/reference-to-video"),
        request({ references: [image("a"), image("b")] }),
        "k",
        signal(),
      );
      await adapter.submit(
        target("fal-ai/kling-video/v2.5-turbo/pro/image-to-video"),
        request({ firstFrame: image("first"), lastFrame: image("last"), durationSeconds: 5 }),
        "k",
        signal(),
      );
      await adapter.submit(
        target("fal-ai/wan-25-preview/text-to-video"),
        request({ durationSeconds: 10, size: "720p" }),
        "k",
        signal(),
      );
      expect(fake.submits.map((s) => [s.endpoint, s.input])).toEqual([
        [
          "fal-ai/veo3.1/image-to-video",
          {
            prompt: "a lighthouse at night",
            duration: "8s",
            resolution: "1080p",
            aspect_ratio: "16:9",
            generate_audio: false,
            seed: 7,
            image_url: image("first").url,
          },
        ],
        [
          "fal-ai/veo3.1/first-last-frame-to-video",
          {
            prompt: "a lighthouse at night",
            duration: "4s",
            resolution: "720p",
            aspect_ratio: "9:16",
            generate_audio: false,
            seed: 7,
            first_frame_url: image("first").url,
            last_frame_url: image("last").url,
          },
        ],
        [
          "fal-ai/veo3.1/reference-to-video",
          {
            prompt: "a lighthouse at night",
            duration: "8s",
            resolution: "1080p",
            aspect_ratio: "16:9",
            generate_audio: false,
            image_urls: [image("a").url, image("b").url],
          },
        ],
        [
          "fal-ai/kling-video/v2.5-turbo/pro/image-to-video",
          { prompt: "a lighthouse at night", duration: "5", image_url: image("first").url, tail_image_url: image("last").url },
        ],
        [
          "fal-ai/wan-25-preview/text-to-video",
          { prompt: "a lighthouse at night", duration: "10", resolution: "720p", aspect_ratio: "16:9", seed: 7 },
        ],
      ]);
      expect(fake.submits.every((s) => s.webhookUrl === null)).toBe(true);
    });
  });

  describe("submit failures", () => {
    it("429 with Retry-After: retryable, not accepted, nothing submitted", async () => {
      fake.faults.next("submit", { kind: "status", status: 429, retryAfterSeconds: 7 });
      const err = await rejection(adapter.submit(target(), request(), "k", signal()));
      expect(err).toBeInstanceOf(UpstreamCallError);
      expect((err as UpstreamCallError).options).toMatchObject({
        retryable: true,
        accepted: "no",
        retryAfterMs: 7000,
        status: 429,
      });
      expect(fake.submits).toHaveLength(0);
    });

    it("5xx: retryable; a 503 was not accepted, a 502 behind a gateway may have been", async () => {
      fake.faults.next("submit", { kind: "status", status: 503 });
      const unavailable = (await rejection(adapter.submit(target(), request(), "k", signal()))) as UpstreamCallError;
      expect(unavailable.options).toMatchObject({ retryable: true, accepted: "no", status: 503 });
      fake.faults.next("submit", { kind: "status", status: 502 });
      const gateway = (await rejection(adapter.submit(target(), request(), "k", signal()))) as UpstreamCallError;
      expect(gateway.options).toMatchObject({ retryable: true, accepted: "unknown", status: 502 });
    });

    it("a wrong key (401): retryable on another route, not accepted", async () => {
      const err = await rejection(adapter.submit({ ...target(), apiKey: "wrong" }, request(), "k", signal()));
      expect((err as UpstreamCallError).options).toMatchObject({ retryable: true, accepted: "no", status: 401 });
    });

    it("a malformed success answer or a hang: the job may exist (accepted unknown)", async () => {
      fake.faults.next("submit", { kind: "malformed" });
      const malformed = await rejection(adapter.submit(target(), request(), "k", signal()));
      expect((malformed as UpstreamCallError).options).toMatchObject({ retryable: true, accepted: "unknown" });
      fake.faults.next("submit", { kind: "hang" });
      const hung = await rejection(adapter.submit(target(), request(), "k", signal()));
      expect(hung).toBeInstanceOf(UpstreamCallError);
      expect((hung as UpstreamCallError).options).toMatchObject({ retryable: true, accepted: "unknown" });
      expect((hung as Error).message).toMatch(/timed out/);
    });

    it("a content-policy refusal is final and carries fal's words", async () => {
      fake.faults.next("submit", { kind: "policy" });
      const err = await rejection(adapter.submit(target(), request(), "k", signal()));
      expect(err).toBeInstanceOf(GenerationFailure);
      expect((err as GenerationFailure).code).toBe("content_policy_violation");
      expect((err as GenerationFailure).message).toContain("flagged by a content checker");
    });

    it("a validation error (422) is a final upstream_error", async () => {
      fake.faults.next("submit", { kind: "status", status: 422 });
      const err = await rejection(adapter.submit(target(), request(), "k", signal()));
      expect(err).toBeInstanceOf(GenerationFailure);
      expect((err as GenerationFailure).code).toBe("upstream_error");
    });
  });

  describe("jobs that do not succeed", () => {
    async function submitted(behavior: Parameters<FalFake["reset"]>[0]) {
      fake.reset(behavior);
      const t = target();
      return { t, id: await adapter.submit(t, request(), "k", signal()) };
    }

    it("a runner failure ends the job as upstream_error", async () => {
      const { t, id } = await submitted({ outcome: "error" });
      const last = (await pollToEnd(t, id)).at(-1)!;
      expect(last.state).toBe("failed");
      if (last.state === "failed") expect(last.failure.code).toBe("upstream_error");
    });

    it("a content-policy refusal of the job is content_policy_violation with fal's words", async () => {
      const { t, id } = await submitted({ outcome: "policy" });
      const last = (await pollToEnd(t, id)).at(-1)!;
      expect(last.state).toBe("failed");
      if (last.state !== "failed") return;
      expect(last.failure.code).toBe("content_policy_violation");
      expect(last.failure.message).toContain("flagged by a content checker");
    });

    it("a job that never produces an output stays running", async () => {
      const { t, id } = await submitted({ outcome: "never" });
      const states = await pollToEnd(t, id, 12);
      expect(states).toHaveLength(12);
      expect(states.every((s) => s.state === "running")).toBe(true);
    });

    it("an output URL that 404s succeeds upstream but fails the download, not retryable", async () => {
      const { t, id } = await submitted({ outcome: "output_404" });
      const last = (await pollToEnd(t, id)).at(-1)!;
      expect(last.state).toBe("succeeded");
      if (last.state !== "succeeded") return;
      const err = await rejection(fetchOutput(t, last.outputs[0]!, signal()));
      expect((err as UpstreamCallError).options).toMatchObject({ retryable: false, status: 404 });
    });

    it("throttled, failing, malformed or hanging status calls are retryable errors, and the job goes on", async () => {
      const { t, id } = await submitted({ pollsInQueue: 0, pollsInProgress: 0 });
      const job = fake.jobs.get(id)!;
      job.faults.next("status", { kind: "status", status: 429, retryAfterSeconds: 2 });
      job.faults.next("status", { kind: "status", status: 500 });
      job.faults.next("status", { kind: "malformed" });
      job.faults.next("status", { kind: "hang" });
      job.faults.next("result", { kind: "status", status: 503 });
      const errors = [];
      for (let i = 0; i < 5; i++) errors.push(await rejection(adapter.status(t, id, signal())));
      expect(errors.map((e) => (e as UpstreamCallError).options.retryable)).toEqual([true, true, true, true, true]);
      expect((errors[0] as UpstreamCallError).options.retryAfterMs).toBe(2000);
      expect((await adapter.status(t, id, signal())).state).toBe("succeeded");
    });
  });

  describe("cancel", () => {
    it("cancels a running job, which then reads as canceled", async () => {
      fake.reset({ outcome: "never" });
      const t = target("fal-ai/veo3.1/image-to-video");
      const id = await adapter.submit(t, request({ firstFrame: image("first") }), "k", signal());
      await adapter.status(t, id, signal());
      await adapter.cancel(t, id);
      expect(fake.cancels).toEqual([id]);
      expect(await adapter.status(t, id, signal())).toEqual({ state: "canceled" });
    });

    it("never throws: not a known request, a finished one, or fal unreachable", async () => {
      const t = target();
      await expect(adapter.cancel(t, "no-such-request")).resolves.toBeUndefined();
      const id = await adapter.submit(t, request(), "k", signal());
      await pollToEnd(t, id);
      await expect(adapter.cancel(t, id)).resolves.toBeUndefined();
      await expect(adapter.cancel({ ...t, baseUrl: "http://127.0.0.1:1" }, id)).resolves.toBeUndefined();
    });
  });

  describe("webhooks", () => {
    async function finishedJob(behavior: Parameters<FalFake["reset"]>[0] = {}) {
      fake.reset({ pollsInQueue: 0, pollsInProgress: 0, ...behavior });
      const t = target();
      const id = await adapter.submit(t, request({ callbackUrl: "http://127.0.0.1:1/unused" }), "k", signal());
      return { t, id };
    }

    it("accepts a genuine call and reads the video or the refusal from it", async () => {
      const ok = await finishedJob();
      const { headers, body } = fake.webhook(ok.id);
      const parsed = await adapter.parseCallback!(ok.t, headers, body);
      expect(parsed?.upstreamId).toBe(ok.id);
      expect(parsed?.status).toEqual({ state: "succeeded", outputs: [{ url: `${fake.url}/files/${ok.id}.mp4` }] });

      const refused = await finishedJob({ outcome: "policy" });
      const call = fake.webhook(refused.id);
      const status = (await adapter.parseCallback!(refused.t, call.headers, call.body))?.status;
      expect(status?.state).toBe("failed");
      if (status?.state === "failed") expect(status.failure.code).toBe("content_policy_violation");
    });

    it("rejects a forged, tampered, stale or unsigned call", async () => {
      const { t, id } = await finishedJob();
      const forged = fake.webhook(id, { signWith: generateKeyPairSync("ed25519").privateKey });
      expect(await adapter.parseCallback!(t, forged.headers, forged.body)).toBeNull();

      const genuine = fake.webhook(id);
      const tampered = Buffer.from(genuine.body.toString("utf8").replace(`/files/${id}.mp4`, "/files/evil.mp4"));
      expect(await adapter.parseCallback!(t, genuine.headers, tampered)).toBeNull();

      const stale = fake.webhook(id, { timestamp: Math.floor(Date.now() / 1000) - 600 });
      expect(await adapter.parseCallback!(t, stale.headers, stale.body)).toBeNull();

      const { "x-fal-webhook-signature": _dropped, ...unsigned } = genuine.headers;
      expect(await adapter.parseCallback!(t, unsigned, genuine.body)).toBeNull();
    });

    it("fetches fal's keys once and reuses them", async () => {
      const verifier = createFalAdapter({ jwksUrl: fake.jwksUrl });
      const { t, id } = await finishedJob();
      const before = fake.jwksFetches;
      for (let i = 0; i < 3; i++) {
        const { headers, body } = fake.webhook(id);
        expect(await verifier.parseCallback!(t, headers, body)).not.toBeNull();
      }
      expect(fake.jwksFetches - before).toBe(1);
    });

    it("cannot verify while fal's keys are unreachable: a retryable error, not a verdict", async () => {
      const blind = createFalAdapter({ jwksUrl: "http://127.0.0.1:1/.well-known/jwks.json" });
      const { t, id } = await finishedJob();
      const { headers, body } = fake.webhook(id);
      const err = await rejection(blind.parseCallback!(t, headers, body));
      expect(err).toBeInstanceOf(UpstreamCallError);
    });

    it("arrives over HTTP at the fal_webhook URL given at submit", async () => {
      const received: { headers: Record<string, string>; body: Buffer }[] = [];
      const receiver = http.createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) });
        res.writeHead(200).end();
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      try {
        fake.reset({ pollsInQueue: 0, pollsInProgress: 0 });
        const t = target();
        const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/fal`;
        const id = await adapter.submit(t, request({ callbackUrl: hook }), "k", signal());
        expect(await fake.deliverWebhook(id)).toBe(200);
        const parsed = await adapter.parseCallback!(t, received[0]!.headers, received[0]!.body);
        expect(parsed).toEqual({
          upstreamId: id,
          status: { state: "succeeded", outputs: [{ url: `${fake.url}/files/${id}.mp4` }] },
        });
      } finally {
        receiver.closeAllConnections();
        await new Promise((resolve) => receiver.close(resolve));
      }
    });
  });
});
