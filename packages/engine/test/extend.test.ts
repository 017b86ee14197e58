// Extending a clip and joining the chain (docs/api.md#extending-a-clip, #concatenating-a-chain), on
// the local renderer: the source is checked (this account's and project's, completed, kept, the same
// model, size and shape), each clip is billed only its own seconds, the records link both ways, the
// extension's first frame continues the source's last, and the join is one MP4 as long as the chain
// that costs nothing.
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Account, CatalogModel } from "@vgen/db";
import { newId } from "@vgen/db";
import { beforeAll, describe, expect, it } from "vitest";
import { outputsOf } from "../src/storage/outputs";
import { testCatalogModel } from "./helpers/catalog-model";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { inspectMp4 } from "./helpers/mp4";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { useLocalOutputs } from "./helpers/local-outputs";

const dataDir = useLocalOutputs("extend");

const PRICE = 100_000n;

/** Frame `index` (or the last, -1) of an MP4 as 32x18 grey pixels, decoded by ffmpeg. */
function greyFrame(file: string, index: number): Buffer {
  const select = index < 0 ? ["-sseof", "-0.05"] : [];
  const pick = index < 0 ? [] : ["-vf", `select=eq(n\\,${index}),scale=32:18`, "-vsync", "0"];
  return execFileSync("ffmpeg", [
    "-v",
    "error",
    ...select,
    "-i",
    file,
    ...(index < 0 ? ["-vf", "scale=32:18"] : pick),
    "-frames:v",
    "1",
    "-pix_fmt",
    "gray",
    "-f",
    "rawvideo",
    "-",
  ]);
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe.skipIf(!testDatabaseUrl)("extending a clip and joining the chain", () => {
  const db = useTestDb(6);
  const funded = useFundedAccounts(db, "extend");
  let model: CatalogModel;
  let other: CatalogModel;

  beforeAll(async () => {
    for (const prefix of ["extend", "extend-other"]) {
      const m = await testCatalogModel(db(), prefix, { priceMicrosPerSecond: PRICE, sizes: ["720p", "1080p"] });
      await db().modelRoute.create({
        data: { id: newId("rte"), modelId: m.id, position: 0, provider: "local", maxConcurrency: 4 },
      });
      if (prefix === "extend") model = m;
      else other = m;
    }
  });

  async function create(account: Account, body: Record<string, unknown>, extra: { livemode?: boolean; projectId?: string } = {}) {
    const { acceptGeneration } = await import("../src/generations/index");
    return acceptGeneration(db(), {
      account,
      apiKeyId: null,
      body: { model: model.id, prompt: "a lighthouse at dusk", duration: 2, stream: false, ...body },
      livemode: extra.livemode,
      ...(extra.projectId ? { project: { id: extra.projectId, restrictions: null } } : {}),
    });
  }

  async function run(id: string) {
    const { processGeneration } = await import("../src/generations/worker/next-step");
    for (let i = 0; i < 20 && !(await processGeneration(db(), id)).done; i++);
    const done = await db().generation.findUniqueOrThrow({ where: { id } });
    expect(done.status).toBe("completed");
    return done;
  }

  const file = (key: string | null) => path.join(process.env.OUTPUT_DIR!, key!);
  /** A generation's first clip (an extension continues it). */
  const firstKey = (gen: Parameters<typeof outputsOf>[0]) => outputsOf(gen)[0]?.key ?? null;
  const balanceOf = async (account: Account) =>
    (await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros;

  it("extends twice, billing each clip its own seconds, links both ways, continues the scene and joins the chain for free", async () => {
    const { recordOf, concatChain } = await import("../src/generations/index");
    const account = await funded(10_000_000n);
    const source = await create(account, { size: "1080p", seed: 7 });
    const first = await run(source.generation.id);
    const one = await create(account, { extendFrom: first.id, prompt: "the beam sweeps the sea" });
    // Inherited: the source's size, shape and seed; billed its own 2 s only.
    expect(one.record).toMatchObject({ size: "1080p", aspect_ratio: "16:9", seed: 7, extended_from: first.id, cost: "$0.200" });
    const second = await run(one.generation.id);
    const two = await create(account, { extendFrom: second.id, duration: 1 });
    expect(two.record).toMatchObject({ billed_seconds: 1, cost: "$0.100", extended_from: second.id });
    const third = await run(two.generation.id);

    // Links both ways.
    const [s, e1, e2] = await Promise.all(
      [first, second, third].map(async (g) => recordOf(db(), await db().generation.findUniqueOrThrow({ where: { id: g.id } }))),
    );
    expect(s).toMatchObject({ extended_from: null, extensions: [second.id] });
    expect(e1).toMatchObject({ extended_from: first.id, extensions: [third.id] });
    expect(e2).toMatchObject({ extended_from: second.id, extensions: [] });

    // Billed only the new seconds: 2 + 2 + 1 at $0.10.
    const charges = await db().ledgerEntry.findMany({ where: { accountId: account.id, type: "charge" } });
    expect(charges.map((c) => c.amountMicros).sort()).toEqual([-200_000n, -200_000n, -100_000n].sort());
    expect(await balanceOf(account)).toBe(10_000_000n - 500_000n);

    // The extension's first frame follows the source's last: far closer than the source's own first frame.
    const last = greyFrame(file(firstKey(first)), -1);
    const continued = meanDifference(last, greyFrame(file(firstKey(second)), 0));
    const restarted = meanDifference(last, greyFrame(file(firstKey(first)), 0));
    expect(continued).toBeLessThan(restarted / 3);

    // The join: one MP4 as long as the chain, a completed record of its own that costs nothing.
    const joined = await concatChain(db(), {
      accountId: account.id as `acct_${string}`,
      apiKeyId: null,
      id: third.id,
      livemode: true,
    });
    const record = await recordOf(db(), joined);
    expect(record).toMatchObject({
      status: "completed",
      concat_of: [first.id, second.id, third.id],
      duration: 5,
      billed_seconds: 0,
      cost: "$0.000",
      size: "1080p",
    });
    expect(record.output).toHaveLength(1);
    const info = await inspectMp4(file(firstKey(joined)));
    expect(info.frameCount).toBe(5 * 24);
    expect(info.durationSeconds).toBeCloseTo(5, 2);
    expect([info.width, info.height]).toEqual([1920, 1080]);
    expect(await db().ledgerEntry.count({ where: { generationId: joined.id } })).toBe(0);
    expect(await balanceOf(account)).toBe(10_000_000n - 500_000n);
  }, 180_000);

  it("refuses, before any hold, an extension of a clip that is not this account's, not done, gone or of another shape", async () => {
    const { concatChain } = await import("../src/generations/index");
    const account = await funded(10_000_000n);
    const stranger = await funded(10_000_000n);
    const source = await run((await create(account, {})).generation.id);
    const before = await balanceOf(stranger);

    // Another tenant's id is indistinguishable from a missing one.
    await expect(create(stranger, { extendFrom: source.id })).rejects.toMatchObject({
      code: "generation_not_found",
      param: "extendFrom",
    });
    await expect(
      concatChain(db(), { accountId: stranger.id as `acct_${string}`, apiKeyId: null, id: source.id, livemode: true }),
    ).rejects.toMatchObject({ code: "generation_not_found" });
    expect(await balanceOf(stranger)).toBe(before);
    // Another project of the same account, and the other mode, do not see it either.
    const { createProject } = await import("../src/projects/index");
    const elsewhere = await createProject(db(), account.id, {
      name: "Elsewhere",
      allowedModels: [],
      monthlySpendCapMicros: null,
      rateLimitShare: 100,
    });
    await expect(create(account, { extendFrom: source.id }, { projectId: elsewhere.id })).rejects.toMatchObject({
      code: "generation_not_found",
    });
    await expect(create(account, { extendFrom: source.id }, { livemode: false })).rejects.toMatchObject({
      code: "generation_not_found",
    });

    const mine = await balanceOf(account);
    await expect(create(account, { extendFrom: source.id, urls: ["https://example.com/a.png"] })).rejects.toMatchObject({
      code: "extend_with_images",
    });
    await expect(create(account, { extendFrom: source.id, size: "1080p" })).rejects.toMatchObject({
      code: "extend_mismatch",
      param: "size",
    });
    await expect(create(account, { extendFrom: source.id, aspectRatio: "9:16" })).rejects.toMatchObject({
      code: "extend_mismatch",
      param: "aspectRatio",
    });
    await expect(create(account, { extendFrom: source.id, model: other.id })).rejects.toMatchObject({
      code: "extend_mismatch",
      param: "model",
    });
    const running = await create(account, {});
    await expect(create(account, { extendFrom: running.generation.id })).rejects.toMatchObject({ code: "clip_not_completed" });
    await expect(
      concatChain(db(), { accountId: account.id as `acct_${string}`, apiKeyId: null, id: source.id, livemode: true }),
    ).rejects.toMatchObject({ code: "concat_not_a_chain" });
    // A chain whose clips differ in format (a provider's clip beside a rendered one) cannot be remuxed.
    const extension = await run((await create(account, { extendFrom: source.id, duration: 1 })).generation.id);
    const { renderVideo } = await import("../src/render/index");
    await renderVideo({
      prompt: "elsewhere",
      seed: 1,
      width: 640,
      height: 360,
      durationSeconds: 1,
      outPath: file(firstKey(extension)),
    });
    await expect(
      concatChain(db(), { accountId: account.id as `acct_${string}`, apiKeyId: null, id: extension.id, livemode: true }),
    ).rejects.toMatchObject({ code: "concat_clips_differ" });
    await db().generation.update({ where: { id: source.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(create(account, { extendFrom: source.id })).rejects.toMatchObject({ code: "clip_expired" });
    // Only the still-running clip's hold and the 1 s extension's charge were taken.
    expect(await balanceOf(account)).toBe(mine - 200_000n - 100_000n);
  }, 120_000);

  it("refuses, before any hold, an extension that would make its chain run past 300 s", async () => {
    const { MAX_CHAIN_SECONDS } = await import("../src/generations/extend");
    const account = await funded(10_000_000n);
    const source = await run((await create(account, {})).generation.id);
    // The chain's seconds are its clips' durations: this one stands for a chain 1 s short of the cap.
    await db().generation.update({ where: { id: source.id }, data: { duration: MAX_CHAIN_SECONDS - 1 } });
    const before = await balanceOf(account);
    await expect(create(account, { extendFrom: source.id, duration: 2 })).rejects.toMatchObject({
      code: "extend_chain_too_long",
      param: "extendFrom",
    });
    expect(await balanceOf(account)).toBe(before);
    // The last second still fits.
    const last = await create(account, { extendFrom: source.id, duration: 1 });
    expect(last.generation.extendedFrom).toBe(source.id);
  }, 60_000);

  it("sends a provider the source clip where it extends natively, else the source's last frame as the first frame", async () => {
    const { extensionInput } = await import("../src/generations/worker/extension-input");
    const { routeRefusal } = await import("../src/providers/index");
    const { default: sharp } = await import("sharp");
    const { readFile } = await import("node:fs/promises");
    const account = await funded(10_000_000n);
    const source = await run((await create(account, { seed: 7 })).generation.id);
    const extension = await create(account, { extendFrom: source.id });
    const caps = { durations: [2], sizes: ["720p"], aspectRatios: ["16:9"], maxReferences: 0, idempotentSubmit: false };

    const native = await extensionInput(db(), extension.generation, {
      ...caps,
      firstFrame: false,
      lastFrame: false,
      nativeExtension: true,
    });
    expect(native.firstFrame).toBeUndefined();
    expect(native.extendVideo?.mimeType).toBe("video/mp4");
    expect(native.extendVideo?.bytes.equals(await readFile(file(firstKey(source))))).toBe(true);

    const framed = await extensionInput(db(), extension.generation, { ...caps, firstFrame: true, lastFrame: false });
    expect(framed.extendVideo).toBeUndefined();
    expect(framed.firstFrame?.mimeType).toBe("image/jpeg");
    expect(framed.firstFrame?.url).toBe(`data:image/jpeg;base64,${framed.firstFrame?.bytes.toString("base64")}`);
    expect(await sharp(framed.firstFrame!.bytes).metadata()).toMatchObject({ width: 1280, height: 720 });
    // It is the source's last frame, not its first.
    // Scaled by the same ffmpeg filter as the frames it is compared with.
    const jpeg = path.join(dataDir, "start-frame.jpg");
    await writeFile(jpeg, framed.firstFrame!.bytes);
    const grey = greyFrame(jpeg, 0);
    const last = meanDifference(grey, greyFrame(file(firstKey(source)), -1));
    expect(last).toBeLessThan(meanDifference(grey, greyFrame(file(firstKey(source)), 0)) / 3);

    // A clip of its own sends neither.
    expect(await extensionInput(db(), source, caps as never)).toEqual({});
    // Routes: one that takes neither a video nor a first frame cannot extend; an image-to-video one can.
    const ext = {
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
    expect(routeRefusal({ provider: "fal", upstreamModel: "fal-ai/veo3.1" }, ext)).toMatchObject({ param: "extension" });
    expect(routeRefusal({ provider: "fal", upstreamModel: "fal-ai/veo3.1/image-to-video" }, ext)).toBeNull();
  }, 120_000);

  it("quotes an extension as its own seconds, and the create that carries the quote inherits the same terms", async () => {
    const { quoteGeneration } = await import("../src/generations/index");
    const account = await funded(10_000_000n);
    const source = await run((await create(account, { duration: 3, seed: 5 })).generation.id);
    const quoted = await quoteGeneration(db(), {
      account,
      keyRestrictions: null,
      body: { model: model.id, prompt: "and on", duration: 1, extendFrom: source.id },
    });
    expect(quoted).toMatchObject({ billed_seconds: 1, cost: "$0.100" });
    const created = await create(account, { prompt: "and on", duration: 1, extendFrom: source.id, quoteId: quoted.quote_id });
    expect(created.record).toMatchObject({ quote_id: quoted.quote_id, seed: 5, extended_from: source.id, cost: "$0.100" });
    // A stranger cannot quote it either.
    const stranger = await funded(1_000_000n);
    await expect(
      quoteGeneration(db(), {
        account: stranger,
        keyRestrictions: null,
        body: { model: model.id, prompt: "x", extendFrom: source.id },
      }),
    ).rejects.toMatchObject({ code: "generation_not_found" });
  }, 60_000);
});
