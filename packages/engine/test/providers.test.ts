import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Generation } from "@vgen/db";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { upstreamConfig, type UpstreamConfig } from "../src/platform/config";
import { createUpstreamProvider } from "../src/providers/upstream";
import { GenerationFailure, ProviderAbortedError, type ProviderImages } from "../src/providers/types";
import { localProvider } from "../src/providers/local";
import { providerFor } from "../src/providers/provider-for";
import { progressFromMetadata, videoFromResponse } from "../src/providers/adapters/veo";
import { sampleMp4, startFakeUpstream, type FakeUpstream } from "./helpers/fake-upstream";

process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";

let dir: string;
let fake: FakeUpstream;
let n = 0;

function fakeGen(over: Partial<Generation> = {}): Generation {
  return {
    id: `vid_test${++n}`,
    accountId: "acc_test",
    apiKeyId: null,
    modelId: "test-model",
    status: "processing",
    prompt: "a red fox runs through snow",
    duration: 4,
    size: "720p",
    aspectRatio: "16:9",
    width: 1280,
    height: 720,
    firstFrameUrl: null,
    lastFrameUrl: null,
    urls: [],
    webhookUrl: null,
    priceMicrosPerSecond: 100_000n,
    billedSeconds: 4,
    costMicros: 400_000n,
    queue: "standard",
    seed: 42,
    progress: 0,
    etaSecondsAtAccept: 10,
    errorCode: null,
    errorMessage: null,
    outputKey: null,
    upstreamTaskId: null,
    attempts: 1,
    createdAt: new Date(),
    startedAt: null,
    completedAt: null,
    ...over,
  } as Generation;
}

function env(over: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    UPSTREAM_FAKEVEO_URL: fake.url,
    UPSTREAM_FAKEVEO_API_KEY: fake.apiKey,
    UPSTREAM_FAKEVEO_MODEL: fake.model,
    UPSTREAM_FAKEVEO_POLL_INTERVAL_MS: "10",
    UPSTREAM_FAKEVEO_MAX_POLL_INTERVAL_MS: "20",
    ...over,
  };
}

function upstream(over: Record<string, string> = {}) {
  return createUpstreamProvider(upstreamConfig("fakeveo", env(over)) as UpstreamConfig);
}

const noImages: ProviderImages = { references: [] };

async function run(gen: Generation, over: Record<string, string> = {}, signal = new AbortController().signal) {
  const outPath = path.join(dir, `${gen.id}.mp4`);
  const progress: number[] = [];
  const tasks: string[] = [];
  const result = await upstream(over)
    .generate(gen, noImages, {
      signal,
      outPath,
      onProgress: (p) => progress.push(p),
      onUpstreamTask: async (id) => {
        tasks.push(id);
      },
    })
    .then(
      () => null,
      (err: unknown) => err,
    );
  return { error: result as GenerationFailure | ProviderAbortedError | null, outPath, progress, tasks };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "providers-test-"));
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

describe("provider selection", () => {
  it("routes local to the renderer and other names to UPSTREAM_<NAME>_* upstreams", () => {
    expect(providerFor("local")).toBe(localProvider);
    expect(providerFor(null)).toBe(localProvider);
    expect(providerFor("fakeveo", env()).name).toBe("fakeveo");
    expect(() => providerFor("veo", {})).toThrow(GenerationFailure);
    try {
      providerFor("veo", {});
    } catch (err) {
      expect((err as GenerationFailure).code).toBe("upstream_error");
      expect((err as GenerationFailure).detail).toContain("UPSTREAM_VEO_URL");
    }
  });

  it("reads the upstream configuration from the environment", () => {
    const cfg = upstreamConfig("my-veo", {
      UPSTREAM_MY_VEO_URL: "https://api.example.test/",
      UPSTREAM_MY_VEO_API_KEY: "k",
      UPSTREAM_MY_VEO_MODEL: "veo-3.0-generate-001",
      UPSTREAM_MY_VEO_API_VERSION: "/v1beta/",
      UPSTREAM_MY_VEO_AUTH_HEADER: "x-goog-api-key",
    });
    expect(cfg).toMatchObject({
      name: "my-veo",
      url: "https://api.example.test",
      apiKey: "k",
      model: "veo-3.0-generate-001",
      apiVersion: "v1beta",
      authHeader: "x-goog-api-key",
      imageMode: "inline",
    });
    expect(upstreamConfig("veo", {})).toBeNull();
    expect(() => upstreamConfig("veo", { UPSTREAM_VEO_URL: "http://x", UPSTREAM_VEO_POLL_INTERVAL_MS: "soon" })).toThrow(/integer/);
  });

  it("understands the usual operation shapes", () => {
    expect(progressFromMetadata({ progressPercent: 40 })).toBe(40);
    expect(progressFromMetadata({ progress: 0.25 })).toBe(25);
    expect(progressFromMetadata({})).toBeNull();
    expect(videoFromResponse({ generatedVideos: [{ video: { uri: "https://a/v.mp4" } }] })).toEqual({ uri: "https://a/v.mp4", base64: undefined });
    expect(videoFromResponse({ generateVideoResponse: { generatedSamples: [{ video: { uri: "https://b/v" } }] } })?.uri).toBe("https://b/v");
    expect(videoFromResponse({ videos: [{ gcsUri: "gs://c/v.mp4" }] })?.uri).toBe("gs://c/v.mp4");
    expect(videoFromResponse({ generateVideoResponse: { raiMediaFilteredCount: 1 } })).toBeNull();
  });
});

describe("local provider", () => {
  it("renders an MP4 to outPath", async () => {
    const outPath = path.join(dir, "local.mp4");
    const progress: number[] = [];
    await localProvider.generate(fakeGen({ width: 64, height: 36, duration: 1 }), noImages, {
      signal: new AbortController().signal,
      outPath,
      onProgress: (p) => progress.push(p),
    });
    const head = (await readFile(outPath)).subarray(4, 8).toString("latin1");
    expect(head).toBe("ftyp");
    expect(progress.at(-1)).toBe(100);
  });
});

describe("upstream provider against a fake Veo-style API", () => {
  it("submits, polls with progress, downloads the video and reports the operation name", async () => {
    fake.reset({ pollsUntilDone: 4, reportProgress: true });
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const outPath = path.join(dir, "up-ok.mp4");
    const progress: number[] = [];
    const tasks: string[] = [];
    await upstream().generate(
      fakeGen({ firstFrameUrl: "https://img.example.test/a.png", aspectRatio: "9:16" }),
      { firstFrame: png, references: [] },
      { signal: new AbortController().signal, outPath, onProgress: (p) => progress.push(p), onUpstreamTask: async (id) => void tasks.push(id) },
    );
    expect(await readFile(outPath)).toEqual(await sampleMp4());
    expect(fake.submissions).toBe(1);
    expect(fake.downloads).toBe(1);
    expect(tasks).toHaveLength(1);
    expect(fake.operations.has(tasks[0]!)).toBe(true);
    // Progress comes from the operation's metadata, rises, and ends at 100 once downloaded.
    expect(progress.length).toBeGreaterThanOrEqual(4);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(progress.at(-1)).toBe(100);
    const body = fake.lastSubmitBody;
    expect(body?.instances[0]?.prompt).toBe("a red fox runs through snow");
    expect(body?.instances[0]?.image).toEqual({ bytesBase64Encoded: png.toString("base64"), mimeType: "image/png" });
    expect(body?.parameters).toMatchObject({ durationSeconds: 4, aspectRatio: "9:16", resolution: "720p", sampleCount: 1 });
  });

  it("estimates progress when the upstream reports none, and accepts inline video bytes", async () => {
    fake.reset({ pollsUntilDone: 3, reportProgress: false, outcome: "inline" });
    const { error, outPath, progress } = await run(fakeGen());
    expect(error).toBeNull();
    expect(progress.filter((p) => p < 100).length).toBeGreaterThanOrEqual(3);
    expect(await readFile(outPath)).toEqual(await sampleMp4());
  });

  it("resumes a persisted operation without submitting again", async () => {
    fake.reset({ pollsUntilDone: 2 });
    const op = fake.createOperation();
    const { error, tasks, outPath } = await run(fakeGen({ upstreamTaskId: op.name, startedAt: new Date() }));
    expect(error).toBeNull();
    expect(fake.submissions).toBe(1);
    expect(fake.submitRequests).toBe(0);
    expect(tasks).toEqual([]);
    expect(op.polls).toBeGreaterThan(2);
    expect((await stat(outPath)).size).toBe((await sampleMp4()).length);
  });

  it("rides out transient poll failures", async () => {
    fake.reset({ pollsUntilDone: 1, pollFailures: 3 });
    const { error } = await run(fakeGen());
    expect(error).toBeNull();
  });

  it.each([
    ["error", "upstream_error"],
    ["policy_error", "content_policy_violation"],
    ["filtered", "content_policy_violation"],
    ["bad_video", "upstream_error"],
  ] as const)("maps a finished operation with outcome %s to %s", async (outcome, code) => {
    fake.reset({ pollsUntilDone: 1, outcome });
    const { error, tasks } = await run(fakeGen());
    expect(error).toBeInstanceOf(GenerationFailure);
    expect((error as GenerationFailure).code).toBe(code);
    // The client-facing message never names the upstream operation.
    expect(error!.message).not.toContain(tasks[0]!);
    expect(error!.message).not.toContain("operations/");
    expect(error!.message).not.toContain(fake.url);
  });

  it("maps refused submissions", async () => {
    fake.reset({ submitStatus: 400, submitMessage: "The prompt violates our content policy." });
    let { error } = await run(fakeGen());
    expect((error as GenerationFailure).code).toBe("content_policy_violation");
    fake.reset({ submitStatus: 500, submitMessage: "boom" });
    ({ error } = await run(fakeGen()));
    expect((error as GenerationFailure).code).toBe("upstream_error");
    expect(fake.submissions).toBe(0);
    ({ error } = await run(fakeGen(), { UPSTREAM_FAKEVEO_API_KEY: "wrong" }));
    expect((error as GenerationFailure).code).toBe("upstream_error");
    expect((error as GenerationFailure).detail).toContain("401");
  });

  it("fails with timeout and cancels the operation when it runs too long", async () => {
    fake.reset({ outcome: "never" });
    const { error } = await run(fakeGen(), { UPSTREAM_FAKEVEO_TIMEOUT_SECONDS: "1", UPSTREAM_FAKEVEO_POLL_INTERVAL_MS: "100" });
    expect((error as GenerationFailure).code).toBe("timeout");
    expect(fake.cancels).toBe(1);
  });

  it("refuses a private upstream unless ALLOW_PRIVATE_NETWORK_FETCH=1", async () => {
    delete process.env.ALLOW_PRIVATE_NETWORK_FETCH;
    try {
      const { error } = await run(fakeGen());
      expect((error as GenerationFailure).code).toBe("upstream_error");
      expect((error as GenerationFailure).detail).toContain("ALLOW_PRIVATE_NETWORK_FETCH");
      expect(fake.submitRequests).toBe(0);
    } finally {
      process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";
    }
  });

  it("cancels the upstream operation when aborted", async () => {
    fake.reset({ outcome: "never" });
    const abort = new AbortController();
    const outPath = path.join(dir, "aborted.mp4");
    const pending = upstream().generate(fakeGen(), noImages, {
      signal: abort.signal,
      outPath,
      onProgress: () => {
        if (fake.polls >= 2) abort.abort();
      },
    });
    await expect(pending).rejects.toBeInstanceOf(ProviderAbortedError);
    expect(fake.submissions).toBe(1);
    expect(fake.cancels).toBe(1);
    expect([...fake.operations.values()].at(-1)!.canceled).toBe(true);
    await expect(stat(outPath)).rejects.toThrow();
  });
});
