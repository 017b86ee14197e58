// The create body's seed, negative prompt and sound, end to end on the local renderer: validated,
// stored, priced (a model's audio price), rendered (an AAC track the clip's length) and shown in the
// record, with `output[].has_audio` read from the stored file.
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Account, CatalogModel } from "@vgen/db";
import { newId } from "@vgen/db";
import { beforeAll, describe, expect, it } from "vitest";
import { testCatalogModel } from "./helpers/catalog-model";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { outputsOf } from "../src/storage/outputs";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { useLocalOutputs } from "./helpers/local-outputs";

useLocalOutputs("media");

const PRICE = 100_000n;
const AUDIO_PRICE = 150_000n;

describe.skipIf(!testDatabaseUrl)("seed, negative prompt and sound", () => {
  const db = useTestDb(4);
  // Its generations still processing after a test are canceled: they would queue ahead of other suites'.
  const funded = useFundedAccounts(db, "media");
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  let account: Account;

  beforeAll(async () => {
    engine = await loadEngine();
    account = await funded(100_000_000n);
  });

  /** A model of its own, served by the local renderer. */
  async function localModel(audio: { supportsAudio: boolean; audioDefault?: boolean; audioPriceMicros?: bigint | null }) {
    const model = await testCatalogModel(db(), "media", { priceMicrosPerSecond: PRICE, ...audio });
    await db().modelRoute.create({
      data: { id: newId("rte"), modelId: model.id, position: 0, provider: "local", maxConcurrency: 4 },
    });
    return model;
  }

  const create = (model: CatalogModel, body: Record<string, unknown>) =>
    engine.acceptGeneration(db(), {
      account,
      apiKeyId: null,
      body: { model: model.id, prompt: "surf at dawn", duration: 2, ...body },
    });

  it("renders the sound asked for, prices it at the audio price, and shows seed, negative prompt and has_audio", async () => {
    const model = await localModel({ supportsAudio: true, audioPriceMicros: AUDIO_PRICE });
    const { record, generation } = await create(model, { seed: 4_294_967_295, negativePrompt: "  gulls  ", generateAudio: true });
    expect(record).toMatchObject({ seed: 4_294_967_295, negative_prompt: "gulls", generate_audio: true, cost: "$0.300" });
    expect(record.price).toBe("$0.150 / сек");
    for (let i = 0; i < 20 && !(await engine.processGeneration(db(), generation.id)).done; i++);
    const done = await db().generation.findUniqueOrThrow({ where: { id: generation.id } });
    expect(done.status).toBe("completed");
    const shown = engine.toRecord(done, { etaSeconds: 0, queuePosition: null });
    expect(shown.output[0]?.has_audio).toBe(true);
    expect(shown.seed).toBe(4_294_967_295);
    const file = path.join(process.env.OUTPUT_DIR!, outputsOf(done)[0]!.key);
    const kinds = execFileSync("ffprobe", [
      "-v",
      "error",
      "-show_entries",
      "stream=codec_type",
      "-of",
      "csv=p=0",
      file,
    ]).toString();
    expect(kinds.trim().split("\n")).toEqual(["video", "audio"]);
    const charge = await db().ledgerEntry.findFirstOrThrow({ where: { generationId: generation.id, type: "charge" } });
    expect(charge.amountMicros).toBe(-2n * AUDIO_PRICE);
  });

  it("picks a random seed in range when none is given, and follows the model's sound default", async () => {
    const model = await localModel({ supportsAudio: true, audioDefault: true });
    const { record } = await create(model, {});
    expect(record.generate_audio).toBe(true);
    // No audio price set: sound costs the model's price.
    expect(record.cost).toBe("$0.200");
    expect(record.negative_prompt).toBeNull();
    expect(Number.isInteger(record.seed) && record.seed >= 0 && record.seed <= 4_294_967_295).toBe(true);
    const off = await create(model, { generateAudio: false });
    expect(off.record.generate_audio).toBe(false);
  });

  it("refuses sound on a silent model and out-of-range seeds before any hold", async () => {
    const model = await localModel({ supportsAudio: false });
    const before = (await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros;
    await expect(create(model, { generateAudio: true })).rejects.toMatchObject({
      code: "audio_not_supported",
      param: "generateAudio",
    });
    await expect(create(model, { seed: 4_294_967_296 })).rejects.toMatchObject({ code: "invalid_parameter", param: "seed" });
    await expect(create(model, { seed: -1 })).rejects.toMatchObject({ param: "seed" });
    await expect(create(model, { seed: 1.5 })).rejects.toMatchObject({ param: "seed" });
    await expect(create(model, { negativePrompt: "x".repeat(1001) })).rejects.toMatchObject({ param: "negativePrompt" });
    expect((await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros).toBe(before);
    const silent = await create(model, {});
    expect(silent.record.generate_audio).toBe(false);
  });
});

/** The engine modules this suite drives, imported after the environment above is set. */
async function loadEngine() {
  return {
    ...(await import("../src/generations/accept")),
    ...(await import("../src/generations/store")),
    ...(await import("../src/generations/public-record")),
    ...(await import("../src/generations/worker/next-step")),
    ...(await import("../src/platform/queue")),
  };
}
