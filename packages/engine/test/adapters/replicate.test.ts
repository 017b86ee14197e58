// The Replicate adapter against a fake of Replicate's predictions API: field mapping, every failure
// mode, cancel, Standard Webhooks verification.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UpstreamCallError, type UpstreamImage, type UpstreamRequest, type UpstreamTarget } from "../../src/providers/adapter";
import { replicateAdapter } from "../../src/providers/adapters/replicate";
import { fetchOutput } from "../../src/providers/http";
import { GenerationFailure } from "../../src/providers/types";
import { type ReplicateFake, startReplicateFake } from "../fakes/replicate";
import { tinyMp4 } from "../helpers/tiny-mp4";

process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";

const VERSION = "5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa";
const image = (name: string): UpstreamImage => ({
  url: `https://images.example.com/${name}.png`,
  bytes: Buffer.from("png"),
  mimeType: "image/png",
});

function request(overrides: Partial<UpstreamRequest> = {}): UpstreamRequest {
  return {
    generationId: "gen_rep_1",
    prompt: "a fox running through fresh snow",
    durationSeconds: 8,
    size: "1080p",
    aspectRatio: "16:9",
    width: 1920,
    height: 1080,
    seed: 11,
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

describe("replicate adapter", () => {
  let fake: ReplicateFake;
  const adapter = replicateAdapter;
  const signal = () => AbortSignal.timeout(20_000);
  const target = (model = "google/veo-3.1"): UpstreamTarget => ({
    name: "replicate-test",
    baseUrl: fake.url,
    apiKey: fake.apiToken,
    model,
    webhookSecret: fake.webhookSecret,
    maxVideoBytes: 20 * 1024 * 1024,
    requestTimeoutMs: 1_000,
  });

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
    fake = await startReplicateFake();
    // Rendered before any call: a clip the fake renders on first use can outlast the 1 s request timeout.
    await tinyMp4(1);
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  describe("capabilities", () => {
    it("describes the documented models (with or without a version) and knows nothing of others", () => {
      expect(adapter.capabilities("google/veo-3.1")).toEqual({
        durations: [4, 6, 8],
        sizes: ["720p", "1080p"],
        aspectRatios: ["16:9", "9:16"],
        firstFrame: true,
        lastFrame: true,
        maxReferences: 3,
        idempotentSubmit: false,
        audio: true,
        negativePrompt: true,
        seed: true,
      });
      expect(adapter.capabilities(`google/veo-3.1:${VERSION}`)).toEqual(adapter.capabilities("google/veo-3.1"));
      expect(adapter.capabilities("kwaivgi/kling-v2.5-turbo-pro")).toMatchObject({
        durations: [5, 10],
        sizes: ["1080p"],
        lastFrame: false,
      });
      expect(adapter.capabilities("minimax/hailuo-02")).toMatchObject({
        durations: [6],
        sizes: ["1080p"],
        aspectRatios: ["16:9"],
      });
      expect(adapter.capabilities("stability-ai/sdxl")).toBeNull();
    });

    it("refuses before calling Replicate what the model cannot take", async () => {
      const unknown = await rejection(adapter.submit(target("stability-ai/sdxl"), request(), "k", signal()));
      expect((unknown as GenerationFailure).code).toBe("upstream_error");
      const refs = await rejection(
        adapter.submit(target(), request({ references: [image("a")], aspectRatio: "9:16" }), "k", signal()),
      );
      expect((refs as GenerationFailure).detail).toMatch(/only at 16:9 and 8 seconds/);
      const badId = await rejection(adapter.submit(target("google/veo-3.1:not-a-version"), request(), "k", signal()));
      expect(badId).toBeInstanceOf(GenerationFailure);
      expect(fake.creates).toHaveLength(0);
    });
  });

  describe("a generation that succeeds", () => {
    it("creates one async prediction with the documented fields and yields the MP4", async () => {
      const t = target();
      const id = await adapter.submit(
        t,
        request({
          firstFrame: image("first"),
          lastFrame: image("last"),
          callbackUrl: "https://api.example.com/hooks/rep/gen_rep_1",
        }),
        "k",
        signal(),
      );
      expect(fake.creates).toEqual([
        {
          path: "/v1/models/google/veo-3.1/predictions",
          body: {
            input: {
              prompt: "a fox running through fresh snow",
              duration: 8,
              resolution: "1080p",
              aspect_ratio: "16:9",
              seed: 11,
              generate_audio: false,
              image: image("first").url,
              last_frame: image("last").url,
            },
            webhook: "https://api.example.com/hooks/rep/gen_rep_1",
            webhook_events_filter: ["completed"],
          },
          authorization: `Bearer ${fake.apiToken}`,
          prefer: undefined,
        },
      ]);

      const states = await pollToEnd(t, id);
      expect(states[0]).toEqual({ state: "running" });
      expect(states.some((s) => s.state === "running" && typeof s.progress === "number" && s.progress > 0)).toBe(true);
      const last = states.at(-1)!;
      expect(last.state).toBe("succeeded");
      if (last.state !== "succeeded") return;
      expect(await fetchOutput(t, last.outputs[0]!, signal())).toEqual(await tinyMp4(1));
      expect(fake.creates).toHaveLength(1);
    });

    it("sends generate_audio and negative_prompt to Veo 3.1, and only the negative prompt to Kling", async () => {
      const asked = request({ generateAudio: true, negativePrompt: "fog" });
      await adapter.submit(target(), asked, "k", signal());
      await adapter.submit(
        target("kwaivgi/kling-v2.5-turbo-pro"),
        { ...asked, durationSeconds: 5, generateAudio: false },
        "k",
        signal(),
      );
      expect(fake.creates.map((c) => c.body.input)).toEqual([
        expect.objectContaining({ generate_audio: true, negative_prompt: "fog", seed: 11 }),
        { prompt: "a fox running through fresh snow", duration: 5, aspect_ratio: "16:9", negative_prompt: "fog" },
      ]);
    });

    it("maps each model's fields, and a pinned version goes to /predictions", async () => {
      await adapter.submit(target(), request({ references: [image("a"), image("b")] }), "k", signal());
      await adapter.submit(
        target("kwaivgi/kling-v2.5-turbo-pro"),
        request({ durationSeconds: 5, firstFrame: image("first") }),
        "k",
        signal(),
      );
      await adapter.submit(target("minimax/hailuo-02"), request({ durationSeconds: 6, lastFrame: image("last") }), "k", signal());
      await adapter.submit(target(`google/veo-3.1:${VERSION}`), request({ durationSeconds: 4, size: "720p" }), "k", signal());
      expect(fake.creates.map((c) => [c.path, c.body])).toEqual([
        [
          "/v1/models/google/veo-3.1/predictions",
          {
            input: {
              prompt: "a fox running through fresh snow",
              duration: 8,
              resolution: "1080p",
              aspect_ratio: "16:9",
              seed: 11,
              generate_audio: false,
              reference_images: [image("a").url, image("b").url],
            },
          },
        ],
        [
          "/v1/models/kwaivgi/kling-v2.5-turbo-pro/predictions",
          {
            input: {
              prompt: "a fox running through fresh snow",
              duration: 5,
              aspect_ratio: "16:9",
              start_image: image("first").url,
            },
          },
        ],
        [
          "/v1/models/minimax/hailuo-02/predictions",
          {
            input: {
              prompt: "a fox running through fresh snow",
              duration: 6,
              resolution: "1080p",
              last_frame_image: image("last").url,
            },
          },
        ],
        [
          "/v1/predictions",
          {
            version: VERSION,
            input: {
              prompt: "a fox running through fresh snow",
              duration: 4,
              resolution: "720p",
              aspect_ratio: "16:9",
              seed: 11,
              generate_audio: false,
            },
          },
        ],
      ]);
    });
  });

  describe("create failures", () => {
    it("429 with Retry-After: retryable, not accepted, nothing created", async () => {
      fake.faults.next("create", { kind: "status", status: 429, retryAfterSeconds: 3 });
      const err = await rejection(adapter.submit(target(), request(), "k", signal()));
      expect(err).toBeInstanceOf(UpstreamCallError);
      expect((err as UpstreamCallError).options).toMatchObject({
        retryable: true,
        accepted: "no",
        retryAfterMs: 3000,
        status: 429,
      });
      expect(fake.creates).toHaveLength(0);
    });

    it("5xx: retryable; a 500 was not accepted, a 504 behind a gateway may have been", async () => {
      fake.faults.next("create", { kind: "status", status: 500 });
      const failed = (await rejection(adapter.submit(target(), request(), "k", signal()))) as UpstreamCallError;
      expect(failed.options).toMatchObject({ retryable: true, accepted: "no", status: 500 });
      fake.faults.next("create", { kind: "status", status: 504 });
      const gateway = (await rejection(adapter.submit(target(), request(), "k", signal()))) as UpstreamCallError;
      expect(gateway.options).toMatchObject({ retryable: true, accepted: "unknown", status: 504 });
    });

    it("a wrong token (401): retryable on another route, not accepted", async () => {
      const err = await rejection(adapter.submit({ ...target(), apiKey: "r8_wrong" }, request(), "k", signal()));
      expect((err as UpstreamCallError).options).toMatchObject({ retryable: true, accepted: "no", status: 401 });
      expect((err as Error).message).toContain("valid authentication token");
    });

    it("a malformed success answer or a hang: the prediction may exist (accepted unknown)", async () => {
      fake.faults.next("create", { kind: "malformed" });
      const malformed = await rejection(adapter.submit(target(), request(), "k", signal()));
      expect((malformed as UpstreamCallError).options).toMatchObject({ retryable: true, accepted: "unknown" });
      fake.faults.next("create", { kind: "hang" });
      const hung = await rejection(adapter.submit(target(), request(), "k", signal()));
      expect((hung as UpstreamCallError).options).toMatchObject({ retryable: true, accepted: "unknown" });
      expect((hung as Error).message).toMatch(/timed out/);
    });

    it("Replicate's input validation (422) is a final upstream_error", async () => {
      const err = await rejection(adapter.submit(target(), request({ prompt: undefined as unknown as string }), "k", signal()));
      expect(err).toBeInstanceOf(GenerationFailure);
      expect((err as GenerationFailure).code).toBe("upstream_error");
      expect((err as GenerationFailure).detail).toContain("prompt is required");
    });
  });

  describe("predictions that do not succeed", () => {
    async function created(behavior: Parameters<ReplicateFake["reset"]>[0]) {
      fake.reset(behavior);
      const t = target();
      return { t, id: await adapter.submit(t, request(), "k", signal()) };
    }

    it("a model failure ends the job as upstream_error", async () => {
      const { t, id } = await created({ outcome: "error" });
      const last = (await pollToEnd(t, id)).at(-1)!;
      expect(last.state).toBe("failed");
      if (last.state === "failed") expect(last.failure.code).toBe("upstream_error");
    });

    it("Replicate's sensitive-content refusal (E005) is content_policy_violation with its words", async () => {
      const { t, id } = await created({ outcome: "policy" });
      const last = (await pollToEnd(t, id)).at(-1)!;
      expect(last.state).toBe("failed");
      if (last.state !== "failed") return;
      expect(last.failure.code).toBe("content_policy_violation");
      expect(last.failure.message).toContain("flagged as sensitive");
    });

    it("a prediction that never produces an output stays running", async () => {
      const { t, id } = await created({ outcome: "never" });
      const states = await pollToEnd(t, id, 12);
      expect(states).toHaveLength(12);
      expect(states.every((s) => s.state === "running")).toBe(true);
    });

    it("an output URL that 404s succeeds upstream but fails the download, not retryable", async () => {
      const { t, id } = await created({ outcome: "output_404" });
      const last = (await pollToEnd(t, id)).at(-1)!;
      expect(last.state).toBe("succeeded");
      if (last.state !== "succeeded") return;
      const err = await rejection(fetchOutput(t, last.outputs[0]!, signal()));
      expect((err as UpstreamCallError).options).toMatchObject({ retryable: false, status: 404 });
    });

    it("throttled, failing, malformed or hanging gets are retryable errors, and the job goes on", async () => {
      const { t, id } = await created({ pollsStarting: 0, pollsProcessing: 0 });
      const job = fake.jobs.get(id)!;
      job.faults.next("get", { kind: "status", status: 429, retryAfterSeconds: 1 });
      job.faults.next("get", { kind: "status", status: 503 });
      job.faults.next("get", { kind: "malformed" });
      job.faults.next("get", { kind: "hang" });
      const errors = [];
      for (let i = 0; i < 4; i++) errors.push(await rejection(adapter.status(t, id, signal())));
      expect(errors.map((e) => (e as UpstreamCallError).options.retryable)).toEqual([true, true, true, true]);
      expect((errors[0] as UpstreamCallError).options.retryAfterMs).toBe(1000);
      expect((await adapter.status(t, id, signal())).state).toBe("succeeded");
    });

    it("a prediction Replicate does not know is a final failure", async () => {
      const err = await rejection(adapter.status(target(), "no-such-prediction", signal()));
      expect(err).toBeInstanceOf(GenerationFailure);
    });
  });

  describe("cancel", () => {
    it("cancels a running prediction, which then reads as canceled", async () => {
      fake.reset({ outcome: "never" });
      const t = target();
      const id = await adapter.submit(t, request(), "k", signal());
      await adapter.status(t, id, signal());
      await adapter.cancel(t, id);
      expect(fake.cancels).toEqual([id]);
      expect(await adapter.status(t, id, signal())).toEqual({ state: "canceled" });
    });

    it("never throws: unknown, finished, failing or unreachable", async () => {
      const t = target();
      await expect(adapter.cancel(t, "no-such-prediction")).resolves.toBeUndefined();
      const id = await adapter.submit(t, request(), "k", signal());
      await pollToEnd(t, id);
      await expect(adapter.cancel(t, id)).resolves.toBeUndefined();
      fake.faults.next("cancel", { kind: "status", status: 500 });
      await expect(adapter.cancel(t, id)).resolves.toBeUndefined();
      await expect(adapter.cancel({ ...t, baseUrl: "http://127.0.0.1:1/v1" }, id)).resolves.toBeUndefined();
    });
  });

  describe("webhooks", () => {
    async function finished(behavior: Parameters<ReplicateFake["reset"]>[0] = {}) {
      fake.reset(behavior);
      const t = target();
      const id = await adapter.submit(t, request({ callbackUrl: "http://127.0.0.1:1/unused" }), "k", signal());
      fake.jobs.get(id)!.polls = 99;
      return { t, id };
    }

    it("accepts a genuine call and reads the prediction's state from it", async () => {
      const ok = await finished();
      const call = fake.webhook(ok.id);
      expect(await adapter.parseCallback!(ok.t, call.headers, call.body)).toEqual({
        upstreamId: ok.id,
        status: { state: "succeeded", outputs: [{ url: `${fake.url.replace(/\/v1$/, "")}/files/${ok.id}.mp4` }] },
      });

      const refused = await finished({ outcome: "policy" });
      const refusal = fake.webhook(refused.id);
      const status = (await adapter.parseCallback!(refused.t, refusal.headers, refusal.body))?.status;
      expect(status?.state).toBe("failed");
      if (status?.state === "failed") expect(status.failure.code).toBe("content_policy_violation");
    });

    it("rejects a forged, tampered, stale or unsigned call, and any call without a secret", async () => {
      const { t, id } = await finished();
      const forged = fake.webhook(id, { secret: `whsec_${randomBytes(24).toString("base64")}` });
      expect(await adapter.parseCallback!(t, forged.headers, forged.body)).toBeNull();

      const genuine = fake.webhook(id);
      const tampered = Buffer.from(genuine.body.toString("utf8").replace(`/files/${id}.mp4`, "/files/evil.mp4"));
      expect(await adapter.parseCallback!(t, genuine.headers, tampered)).toBeNull();

      const stale = fake.webhook(id, { timestamp: new Date(Date.now() - 10 * 60_000) });
      expect(await adapter.parseCallback!(t, stale.headers, stale.body)).toBeNull();

      const { "webhook-signature": _dropped, ...unsigned } = genuine.headers;
      expect(await adapter.parseCallback!(t, unsigned, genuine.body)).toBeNull();

      expect(await adapter.parseCallback!({ ...t, webhookSecret: null }, genuine.headers, genuine.body)).toBeNull();
    });

    it("arrives over HTTP at the webhook URL given at create", async () => {
      const received: { headers: Record<string, string>; body: Buffer }[] = [];
      const receiver = http.createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) });
        res.writeHead(200).end();
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      try {
        const t = target();
        const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/replicate`;
        const id = await adapter.submit(t, request({ callbackUrl: hook }), "k", signal());
        fake.jobs.get(id)!.polls = 99;
        expect(await fake.deliverWebhook(id)).toBe(200);
        const parsed = await adapter.parseCallback!(t, received[0]!.headers, received[0]!.body);
        expect(parsed?.upstreamId).toBe(id);
        expect(parsed?.status.state).toBe("succeeded");
      } finally {
        receiver.closeAllConnections();
        await new Promise((resolve) => receiver.close(resolve));
      }
    });
  });
});
