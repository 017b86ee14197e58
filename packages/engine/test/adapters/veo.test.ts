// The Veo adapter against a fake Gemini API: request mapping, statuses, errors, cancel, capabilities.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { veoAdapter } from "../../src/providers/adapters/veo";
import {
  UpstreamCallError,
  type UpstreamImage,
  type UpstreamRequest,
  type UpstreamStatus,
  type UpstreamTarget,
} from "../../src/providers/adapter";
import { fetchOutput } from "../../src/providers/http";
import { routeRefusal } from "../../src/providers/routes";
import { GenerationFailure, ProviderAbortedError } from "../../src/providers/types";
import { mp4DurationMs } from "../../src/storage/mp4-duration";
import {
  AUDIO_FILTER_REASON,
  FILTER_REASON,
  POLICY_REFUSAL,
  startVeoFake,
  type VeoFake,
  type VeoFault,
  type VeoJobOutcome,
} from "../fakes/veo";
import { tinyMp4 } from "../helpers/tiny-mp4";

process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let fake: VeoFake;

beforeAll(async () => {
  fake = await startVeoFake();
  // The fake serves clips rendered on first use. Rendered here, no answer of the fake waits for a
  // render, which on a loaded machine can outlast the adapter's 1 s request timeout.
  await Promise.all([2, 4, 6, 8].map(tinyMp4));
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => fake.reset());

function target(model = "veo-3.1-generate-preview", over: Partial<UpstreamTarget> = {}): UpstreamTarget {
  return {
    name: "veo-test",
    baseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    model,
    webhookSecret: null,
    maxVideoBytes: 50 * 1024 * 1024,
    requestTimeoutMs: 1_000,
    ...over,
  };
}

function request(over: Partial<UpstreamRequest> = {}): UpstreamRequest {
  return {
    generationId: "vid_test",
    prompt: "a red fox runs through snow",
    durationSeconds: 8,
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

function image(name: string): UpstreamImage {
  return { url: `https://img.example.test/${name}.png`, bytes: PNG, mimeType: "image/png" };
}

const signal = () => new AbortController().signal;

/** Polls until the job leaves "running" (or `maxPolls` polls), returning every status seen. */
async function pollToEnd(t: UpstreamTarget, id: string, maxPolls = 20): Promise<UpstreamStatus[]> {
  const seen: UpstreamStatus[] = [];
  for (let i = 0; i < maxPolls; i++) {
    const status = await veoAdapter.status(t, id, signal());
    seen.push(status);
    if (status.state !== "running") break;
  }
  return seen;
}

async function finalStatus(t: UpstreamTarget, id: string): Promise<UpstreamStatus> {
  const seen = await pollToEnd(t, id);
  return seen[seen.length - 1]!;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

describe("veo adapter: a generation end to end", () => {
  it("submits the documented body once, polls to success and downloads the MP4 with the key", async () => {
    const t = target();
    const id = await veoAdapter.submit(
      t,
      request({ size: "1080p", firstFrame: image("first"), lastFrame: image("last"), references: [image("a"), image("b")] }),
      "idem-1",
      signal(),
    );

    expect(fake.jobs.has(id)).toBe(true);
    const png = { bytesBase64Encoded: PNG.toString("base64"), mimeType: "image/png" };
    expect(fake.submits).toEqual([
      {
        instances: [
          {
            prompt: "a red fox runs through snow",
            image: png,
            lastFrame: png,
            referenceImages: [
              { image: png, referenceType: "asset" },
              { image: png, referenceType: "asset" },
            ],
          },
        ],
        // No seed, no generateAudio: the Gemini API has neither for Veo.
        parameters: { aspectRatio: "16:9", durationSeconds: 8, resolution: "1080p", sampleCount: 1 },
      },
    ]);

    const seen = await pollToEnd(t, id);
    expect(seen.slice(0, -1).every((s) => s.state === "running")).toBe(true);
    const last = seen[seen.length - 1]!;
    if (last.state !== "succeeded" || !("url" in last.outputs[0]!))
      throw new Error(`expected a URL output, got ${JSON.stringify(last)}`);
    expect(last.outputs[0]!.headers).toEqual({ "x-goog-api-key": fake.apiKey });

    const video = await fetchOutput(t, last.outputs[0]!, signal());
    expect(video).toEqual(await tinyMp4(8));
    expect(mp4DurationMs(video)).toBe(8_000);
    expect(fake.received.download).toBe(1);
    expect(fake.submits).toHaveLength(1);
  });

  it("asks Veo 2 for several videos with sampleCount and returns each, in order", async () => {
    const t = target("veo-2.0-generate-001");
    const id = await veoAdapter.submit(t, request({ durationSeconds: 6, size: "720p", outputs: 2 }), "idem-two", signal());
    expect(fake.submits.at(-1)?.parameters).toMatchObject({ sampleCount: 2 });
    const last = await finalStatus(t, id);
    if (last.state !== "succeeded") throw new Error(`expected success, got ${JSON.stringify(last)}`);
    expect(last.outputs).toHaveLength(2);
    const urls = last.outputs.map((o) => ("url" in o ? o.url : ""));
    expect(new Set(urls).size).toBe(2);
    for (const o of last.outputs) expect(mp4DurationMs(await fetchOutput(t, o, signal()))).toBe(6_000);
  });

  it("returns the videos that came back when the API filtered some of the samples (a partial delivery)", async () => {
    fake.nextJob({ samplesReturned: 1 });
    const t = target("veo-2.0-generate-001");
    const id = await veoAdapter.submit(t, request({ durationSeconds: 6, size: "720p", outputs: 2 }), "idem-part", signal());
    const last = await finalStatus(t, id);
    if (last.state !== "succeeded") throw new Error(`expected success, got ${JSON.stringify(last)}`);
    expect(last.outputs).toHaveLength(1);
  });

  it("declares the samples per request each model takes: Veo 2 two, Veo 3 and 3.1 one (refused before any submit)", () => {
    expect(veoAdapter.capabilities("veo-2.0-generate-001")?.maxOutputs).toBe(2);
    const req = {
      duration: 8,
      size: "720p",
      aspectRatio: "16:9",
      firstFrame: false,
      lastFrame: false,
      references: 0,
      audio: false,
      negativePrompt: false,
      extension: false,
      outputs: 2,
    };
    expect(routeRefusal({ provider: "veo", upstreamModel: "veo-3.1-generate-preview" }, req)).toEqual({
      reason: "takes at most 1 clip per request",
      param: "outputs",
    });
    expect(routeRefusal({ provider: "veo", upstreamModel: "veo-2.0-generate-001" }, req)).toBeNull();
    expect(routeRefusal({ provider: "veo", upstreamModel: "veo-2.0-generate-001" }, { ...req, outputs: 3 })).toMatchObject({
      param: "outputs",
    });
  });

  it("delivers a shorter clip when the job is told to (6 s of a requested 8 s)", async () => {
    fake.nextJob({ outputSeconds: 6 });
    const t = target();
    const id = await veoAdapter.submit(t, request({ durationSeconds: 8 }), "idem-short", signal());
    const last = await finalStatus(t, id);
    if (last.state !== "succeeded") throw new Error(`expected success, got ${last.state}`);
    expect(mp4DurationMs(await fetchOutput(t, last.outputs[0]!, signal()))).toBe(6_000);
  });

  it("sends the negative prompt in parameters, and no seed or generateAudio (the Gemini API refuses both)", async () => {
    const t = target();
    const id = await veoAdapter.submit(
      t,
      request({ negativePrompt: "fog, text", generateAudio: true, seed: 4_000_000_000 }),
      "idem-neg",
      signal(),
    );
    expect(fake.submits[0]?.parameters).toEqual({
      aspectRatio: "16:9",
      durationSeconds: 8,
      resolution: "720p",
      sampleCount: 1,
      negativePrompt: "fog, text",
    });
    expect((await finalStatus(t, id)).state).toBe("succeeded");
    // Veo 3.x makes sound there unasked; Veo 2 never does, so a request for sound is not sent to it.
    expect(veoAdapter.capabilities("veo-3.1-generate-preview")).toMatchObject({ audio: true, negativePrompt: true });
    expect(veoAdapter.capabilities("veo-2.0-generate-001")?.audio).toBe(false);
    expect(veoAdapter.capabilities("veo-3.1-generate-preview")?.seed).toBeUndefined();
  });

  it("extends a clip natively on Veo 3.1: the source MP4 as the instance's video, refused at 1080p and by Veo 3", async () => {
    const t = target();
    const source = await tinyMp4(2);
    const id = await veoAdapter.submit(
      t,
      request({ extendVideo: { url: "https://cdn.example/vid_src.mp4", bytes: source, mimeType: "video/mp4" } }),
      "idem-ext",
      signal(),
    );
    expect(fake.submits[0]?.instances?.[0]).toEqual({
      prompt: expect.any(String),
      video: { bytesBase64Encoded: source.toString("base64"), mimeType: "video/mp4" },
    });
    expect((await finalStatus(t, id)).state).toBe("succeeded");
    expect(veoAdapter.capabilities("veo-3.1-generate-preview")?.nativeExtension).toBe(true);
    expect(veoAdapter.capabilities("veo-3.0-generate-001")?.nativeExtension).toBe(false);
    const req = {
      duration: 8,
      size: "720p",
      aspectRatio: "16:9",
      firstFrame: false,
      lastFrame: false,
      references: 0,
      audio: false,
      negativePrompt: false,
      extension: true,
      outputs: 1,
    };
    const route = (upstreamModel: string) => ({ provider: "veo", upstreamModel });
    expect(routeRefusal(route("veo-3.1-generate-preview"), req)).toBeNull();
    expect(routeRefusal(route("veo-3.1-generate-preview"), { ...req, size: "1080p" })).toEqual({
      reason: "takes extensions only at 720p",
      param: "size",
    });
    // Veo 3 continues from the source's last frame, sent as its first frame (`image`).
    expect(routeRefusal(route("veo-3.0-generate-001"), req)).toBeNull();
  });

  it("sends no resolution to Veo 2, which takes none, and a 5 s duration", async () => {
    const t = target("veo-2.0-generate-001");
    const id = await veoAdapter.submit(t, request({ durationSeconds: 5, aspectRatio: "9:16" }), "idem-v2", signal());
    expect(fake.submits[0]?.parameters).toEqual({ aspectRatio: "9:16", durationSeconds: 5, sampleCount: 1 });
    expect((await finalStatus(t, id)).state).toBe("succeeded");
  });

  it("reads inline video bytes from the operation", async () => {
    fake.nextJob({ outcome: "inline", outputSeconds: 4 });
    const t = target();
    const id = await veoAdapter.submit(t, request({ durationSeconds: 4 }), "idem-inline", signal());
    const last = await finalStatus(t, id);
    if (last.state !== "succeeded" || !("bytes" in last.outputs[0]!))
      throw new Error(`expected inline bytes, got ${JSON.stringify(last)}`);
    expect(await fetchOutput(t, last.outputs[0]!, signal())).toEqual(await tinyMp4(4));
  });

  it("reports progress only when the operation's metadata carries it", async () => {
    const t = target();
    const quiet = await veoAdapter.submit(t, request(), "idem-quiet", signal());
    expect(await veoAdapter.status(t, quiet, signal())).toEqual({ state: "running" });

    fake.nextJob({ reportProgress: true, pollsUntilDone: 3 });
    const chatty = await veoAdapter.submit(t, request(), "idem-chatty", signal());
    const progress = (await pollToEnd(t, chatty)).flatMap((s) =>
      s.state === "running" && s.progress !== undefined ? [s.progress] : [],
    );
    expect(progress).toEqual([25, 50, 75]);
  });
});

describe("veo adapter: submit failures", () => {
  it.each<[VeoFault, number | undefined, "no" | "unknown", boolean]>([
    ["rate_limited", 429, "no", false],
    ["server_error", 500, "no", false],
    ["unavailable", 503, "no", false],
    ["bad_gateway", 502, "unknown", true],
    ["malformed", 200, "unknown", true],
    ["reset", undefined, "unknown", true],
  ])("%s → retryable UpstreamCallError (HTTP %s), accepted %s", async (fault, status, accepted, jobExists) => {
    fake.fail("submit", fault);
    const err = await caught(veoAdapter.submit(target(), request(), "idem", signal()));
    expect(err).toBeInstanceOf(UpstreamCallError);
    const { options } = err as UpstreamCallError;
    expect(options).toMatchObject({ retryable: true, accepted });
    expect(options.status).toBe(status);
    expect(fake.jobs.size).toBe(jobExists ? 1 : 0);
  });

  it("takes the retry delay of a quota error from the body (google.rpc.RetryInfo)", async () => {
    fake.fail("submit", "rate_limited");
    const err = (await caught(veoAdapter.submit(target(), request(), "idem", signal()))) as UpstreamCallError;
    expect(err.options.retryAfterMs).toBe(7_000);
  });

  it("a submit that hangs rejects when the signal aborts; the job started upstream regardless", async () => {
    fake.fail("submit", "hang");
    const controller = new AbortController();
    const pending = veoAdapter.submit(target(), request(), "idem", controller.signal);
    await vi.waitFor(() => expect(fake.received.submit).toBe(1));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ProviderAbortedError);
    expect(fake.jobs.size).toBe(1);
  });

  it("a submit whose answer never comes times out as accepted unknown; the job started upstream", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      fake.fail("submit", "hang");
      const pending = caught(veoAdapter.submit(target(), request(), "idem", signal()));
      await vi.waitFor(() => expect(fake.received.submit).toBe(1));
      await vi.advanceTimersByTimeAsync(60_000);
      const err = await pending;
      expect(err).toBeInstanceOf(UpstreamCallError);
      expect((err as UpstreamCallError).message).toMatch(/timed out/);
      expect((err as UpstreamCallError).options).toMatchObject({ retryable: true, accepted: "unknown" });
      expect(fake.jobs.size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a refused prompt is a content_policy_violation in the provider's words, nothing accepted", async () => {
    fake.fail("submit", "policy_refusal");
    const err = await caught(veoAdapter.submit(target(), request(), "idem", signal()));
    expect(err).toBeInstanceOf(GenerationFailure);
    expect((err as GenerationFailure).code).toBe("content_policy_violation");
    expect((err as GenerationFailure).message).toContain("violate Google's Responsible AI practices");
    expect(fake.jobs.size).toBe(0);
  });

  it("a wrong key (400 API_KEY_INVALID) or none (403) is the route's fault: retryable, not accepted", async () => {
    for (const apiKey of ["not-the-key", null]) {
      const err = await caught(veoAdapter.submit(target(undefined, { apiKey }), request(), "idem", signal()));
      expect(err).toBeInstanceOf(UpstreamCallError);
      expect((err as UpstreamCallError).options).toMatchObject({ retryable: true, accepted: "no", status: apiKey ? 400 : 403 });
    }
    expect(fake.jobs.size).toBe(0);
  });

  it.each<[string, string, Partial<UpstreamRequest>]>([
    ["an unknown model", "veo-9-imaginary", {}],
    ["1080p at 4 s (1080p renders only 8 s)", "veo-3.1-generate-preview", { size: "1080p", durationSeconds: 4 }],
    ["reference images at 9:16", "veo-3.1-generate-preview", { aspectRatio: "9:16", references: [image("a")] }],
    ["a last frame without a first frame", "veo-3.1-generate-preview", { lastFrame: image("last") }],
  ])("%s is a final upstream_error, nothing accepted", async (_what, model, over) => {
    const err = await caught(veoAdapter.submit(target(model), request(over), "idem", signal()));
    expect(err).toBeInstanceOf(GenerationFailure);
    expect((err as GenerationFailure).code).toBe("upstream_error");
    expect(fake.jobs.size).toBe(0);
  });
});

describe("veo adapter: how jobs end", () => {
  async function endOf(outcome: VeoJobOutcome): Promise<UpstreamStatus> {
    fake.nextJob({ outcome });
    const t = target();
    return finalStatus(t, await veoAdapter.submit(t, request(), "idem", signal()));
  }

  function failureOf(status: UpstreamStatus): GenerationFailure {
    if (status.state !== "failed") throw new Error(`expected a failure, got ${JSON.stringify(status)}`);
    return status.failure;
  }

  it("an operation error is an upstream_error", async () => {
    expect(failureOf(await endOf("fail")).code).toBe("upstream_error");
  });

  it("an operation error that cites the usage guidelines is a content_policy_violation", async () => {
    const failure = failureOf(await endOf("policy_error"));
    expect(failure.code).toBe("content_policy_violation");
    expect(failure.message).toContain(POLICY_REFUSAL.slice(0, 60));
  });

  it("a video removed by the safety filters is a content_policy_violation with the filter's reason", async () => {
    const failure = failureOf(await endOf("filtered"));
    expect(failure.code).toBe("content_policy_violation");
    expect(failure.message).toContain(FILTER_REASON.slice(0, 60));
  });

  it("a video dropped for an audio fault is an upstream_error, not a policy refusal", async () => {
    const failure = failureOf(await endOf("audio_filtered"));
    expect(failure.code).toBe("upstream_error");
    expect(failure.detail).toContain(AUDIO_FILTER_REASON.slice(0, 40));
  });

  it("a job that never finishes stays running", async () => {
    fake.nextJob({ outcome: "never" });
    const t = target();
    const seen = await pollToEnd(t, await veoAdapter.submit(t, request(), "idem", signal()), 12);
    expect(seen).toHaveLength(12);
    expect(seen.every((s) => s.state === "running")).toBe(true);
  });

  it("an output URL that 404s fails the download with an UpstreamCallError that is not retryable", async () => {
    const status = await endOf("output_404");
    if (status.state !== "succeeded") throw new Error(`expected success, got ${status.state}`);
    const err = await caught(fetchOutput(target(), status.outputs[0]!, signal()));
    expect(err).toBeInstanceOf(UpstreamCallError);
    expect((err as UpstreamCallError).options).toMatchObject({ retryable: false, status: 404 });
  });
});

describe("veo adapter: status failures", () => {
  it.each<[VeoFault, number | undefined]>([
    ["rate_limited", 429],
    ["unavailable", 503],
    ["malformed", 200],
    ["reset", undefined],
  ])("%s while polling → retryable UpstreamCallError; the next poll goes on", async (fault, status) => {
    const t = target();
    const id = await veoAdapter.submit(t, request(), "idem", signal());
    fake.fail("status", fault);
    const err = await caught(veoAdapter.status(t, id, signal()));
    expect(err).toBeInstanceOf(UpstreamCallError);
    expect((err as UpstreamCallError).options.retryable).toBe(true);
    expect((err as UpstreamCallError).options.status).toBe(status);
    expect((await finalStatus(t, id)).state).toBe("succeeded");
    expect(fake.submits).toHaveLength(1);
  });

  it("an operation the API does not know is a final upstream_error", async () => {
    const err = await caught(veoAdapter.status(target(), "models/veo-3.1-generate-preview/operations/gone", signal()));
    expect((err as GenerationFailure).code).toBe("upstream_error");
  });

  it("refuses an operation name that would address another endpoint, without calling", async () => {
    const err = await caught(veoAdapter.status(target(), "models/x/operations/../../files/secret", signal()));
    expect((err as GenerationFailure).code).toBe("upstream_error");
    expect(fake.received.status).toBe(0);
  });
});

describe("veo adapter: cancel", () => {
  it("cancels the operation, which then reads as canceled", async () => {
    fake.nextJob({ outcome: "never" });
    const t = target();
    const id = await veoAdapter.submit(t, request(), "idem", signal());
    await veoAdapter.cancel(t, id);
    expect(fake.jobs.get(id)?.canceled).toBe(true);
    expect(await veoAdapter.status(t, id, signal())).toEqual({ state: "canceled" });
  });

  it("never throws: not when the API fails, nor for a name it will not send", async () => {
    const t = target();
    const id = await veoAdapter.submit(t, request(), "idem", signal());
    fake.fail("cancel", "server_error");
    await expect(veoAdapter.cancel(t, id)).resolves.toBeUndefined();
    await expect(veoAdapter.cancel(t, "../../x")).resolves.toBeUndefined();
    expect(fake.received.cancel).toBe(1);
  });
});

describe("veo adapter: capabilities", () => {
  it("Veo 3.1 takes 4, 6 or 8 s, up to 4k, first and last frames and three reference images", () => {
    expect(veoAdapter.capabilities("veo-3.1-generate-preview")).toEqual({
      durations: [4, 6, 8],
      sizes: ["720p", "1080p", "4k"],
      aspectRatios: ["16:9", "9:16"],
      firstFrame: true,
      lastFrame: true,
      maxReferences: 3,
      idempotentSubmit: false,
      audio: true,
      negativePrompt: true,
      nativeExtension: true,
      combinationRefusal: expect.any(Function),
    });
    expect(veoAdapter.capabilities("veo-3.1-fast-generate-preview")).toEqual(veoAdapter.capabilities("veo-3.1-generate-preview"));
  });

  it("refuses at acceptance the combinations the Gemini API answers with INVALID_ARGUMENT", () => {
    const route = (upstreamModel: string) => ({ provider: "veo", upstreamModel });
    const req = {
      duration: 8,
      size: "720p",
      aspectRatio: "16:9",
      firstFrame: false,
      lastFrame: false,
      references: 0,
      audio: false,
      negativePrompt: false,
      extension: false,
      outputs: 1,
    };
    const veo31 = route("veo-3.1-generate-preview");
    expect(routeRefusal(veo31, { ...req, size: "4k" })).toBeNull();
    expect(routeRefusal(veo31, { ...req, size: "4k", duration: 6 })).toEqual({
      reason: "takes 4k only at 8 s",
      param: "duration",
    });
    expect(routeRefusal(veo31, { ...req, size: "1080p", duration: 4 })).toMatchObject({ param: "duration" });
    expect(routeRefusal(veo31, { ...req, references: 2 })).toBeNull();
    expect(routeRefusal(veo31, { ...req, references: 2, duration: 6 })).toMatchObject({ param: "duration" });
    expect(routeRefusal(veo31, { ...req, references: 2, aspectRatio: "9:16" })).toEqual({
      reason: "takes reference images only at 16:9",
      param: "aspectRatio",
    });
    const veo3 = route("veo-3.0-generate-001");
    expect(routeRefusal(veo3, { ...req, size: "1080p" })).toBeNull();
    expect(routeRefusal(veo3, { ...req, size: "1080p", aspectRatio: "9:16" })).toMatchObject({ param: "aspectRatio" });
    expect(routeRefusal(veo3, { ...req, size: "1080p", duration: 6 })).toMatchObject({ param: "duration" });
    expect(routeRefusal(veo3, { ...req, duration: 4, aspectRatio: "9:16" })).toBeNull();
    expect(routeRefusal(route("veo-2.0-generate-001"), { ...req, duration: 5, aspectRatio: "9:16" })).toBeNull();
  });

  it("Veo 3 has no 4k and no reference images; Veo 2 renders 720p only, 5 to 8 s", () => {
    for (const model of ["veo-3.0-generate-001", "veo-3.0-fast-generate-001"]) {
      expect(veoAdapter.capabilities(model)).toMatchObject({ durations: [4, 6, 8], sizes: ["720p", "1080p"], maxReferences: 0 });
    }
    expect(veoAdapter.capabilities("veo-2.0-generate-001")).toMatchObject({
      durations: [5, 6, 8],
      sizes: ["720p"],
      maxReferences: 0,
    });
  });

  it("says nothing about a model it does not know, and no model dedupes submits", () => {
    expect(veoAdapter.capabilities("veo-9-imaginary")).toBeNull();
    for (const model of ["veo-3.1-generate-preview", "veo-3.0-generate-001", "veo-2.0-generate-001"]) {
      expect(veoAdapter.capabilities(model)?.idempotentSubmit).toBe(false);
    }
  });

  it("has no webhooks", () => {
    expect(veoAdapter.parseCallback).toBeUndefined();
  });
});
