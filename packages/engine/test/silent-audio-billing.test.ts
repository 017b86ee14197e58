// A provider's clip asked for with sound that comes back silent is billed at the model's plain price
// for the delivered seconds (the rest of the audio-priced hold released), never above a binding quote.
import type { Account, CatalogModel, Generation } from "@vgen/db";
import { newId } from "@vgen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outputsOf } from "../src/storage/outputs";
import { startVeoFake, type VeoFake } from "./fakes/veo";
import { testCatalogModel } from "./helpers/catalog-model";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { useLocalOutputs } from "./helpers/local-outputs";

useLocalOutputs("silent", { fastUpstreams: true });

const PRICE = 100_000n; // $0.10 per second
const AUDIO_PRICE = 150_000n; // $0.15 per second with sound

describe.skipIf(!testDatabaseUrl)("a silent clip where sound was asked for", () => {
  const db = useTestDb(4);
  const funded = useFundedAccounts(db, "silent");
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  let veo: VeoFake;
  let account: Account;

  beforeAll(async () => {
    engine = await loadEngine();
    // The fake's clips are the local renderer's silent ones: Veo 3 "forgot" the sound.
    veo = await startVeoFake();
    Object.assign(process.env, { UPSTREAM_SILENT_VEO_URL: veo.baseUrl, UPSTREAM_SILENT_VEO_API_KEY: veo.apiKey });
    account = await funded(100_000_000n);
  });

  afterAll(async () => {
    await veo?.close();
  });

  async function veoModel(): Promise<CatalogModel> {
    const model = await testCatalogModel(db(), "silent", {
      priceMicrosPerSecond: PRICE,
      supportsAudio: true,
      audioPriceMicros: AUDIO_PRICE,
    });
    await db().modelRoute.create({
      data: {
        id: newId("rte"),
        modelId: model.id,
        position: 0,
        provider: "veo",
        upstreamModel: "veo-3.0-generate-001",
        credentials: "silent-veo",
        maxConcurrency: 10,
        costMicrosPerSecond: 40_000n,
      },
    });
    return model;
  }

  async function runToEnd(id: string): Promise<Generation> {
    for (let i = 0; i < 300; i++) {
      const next = await engine.processGeneration(db(), id);
      if (next.done) return db().generation.findUniqueOrThrow({ where: { id } });
      await new Promise((r) => setTimeout(r, Math.min(next.afterMs, 20)));
    }
    throw new Error(`generation ${id} still running`);
  }

  const balance = async () => (await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros;
  const entriesOf = async (id: string) =>
    Object.fromEntries((await db().ledgerEntry.findMany({ where: { generationId: id } })).map((e) => [e.type, e.amountMicros]));

  it("holds the audio price, then bills the plain price for the delivered seconds and releases the rest", async () => {
    const model = await veoModel();
    const before = await balance();
    const { record, generation } = await engine.acceptGeneration(db(), {
      account,
      apiKeyId: null,
      body: { model: model.id, prompt: "waves on a pier", duration: 4, generateAudio: true },
    });
    expect(record.cost).toBe("$0.600");
    const done = await runToEnd(generation.id);
    expect(done.status).toBe("completed");
    const shown = engine.toRecord(done, { etaSeconds: 0, queuePosition: null });
    expect(shown.generate_audio).toBe(true);
    expect(shown.output[0]?.has_audio).toBe(false);
    expect(shown.cost).toBe("$0.400");
    expect(await entriesOf(done.id)).toEqual({ hold: -600_000n, hold_release: 600_000n, charge: -400_000n });
    expect(before - (await balance())).toBe(400_000n);
  });

  // Staff raise both prices after the quote was given (the quote's audio price is $0.15).
  it.each([
    { plain: 120_000n, charged: -480_000n, why: "the plain price, now $0.12, under the quote" },
    { plain: 200_000n, charged: -600_000n, why: "the quote's ceiling: the plain price, now $0.20, is above it" },
  ])("under a binding quote, bills a silent clip at $why", async ({ plain, charged }) => {
    const model = await veoModel();
    const body = { model: model.id, prompt: "rain on a tin roof", duration: 4, generateAudio: true };
    const quote = await engine.quoteGeneration(db(), { account, body });
    expect(quote.cost).toBe("$0.600");
    await db().catalogModel.update({
      where: { id: model.id },
      data: { priceMicrosPerSecond: plain, audioPriceMicros: 250_000n },
    });
    const { record, generation } = await engine.acceptGeneration(db(), {
      account,
      apiKeyId: null,
      body: { ...body, quoteId: quote.quote_id },
    });
    expect(record.cost).toBe("$0.600");
    const done = await runToEnd(generation.id);
    expect(done.status).toBe("completed");
    expect(outputsOf(done).map((o) => o.has_audio)).toEqual([false]);
    expect((await entriesOf(done.id)).charge).toBe(charged);
  });
});

/** The engine modules this suite drives, imported after the environment above is set. */
async function loadEngine() {
  return {
    ...(await import("../src/accounts/accounts")),
    ...(await import("../src/billing/ledger")),
    ...(await import("../src/generations/accept")),
    ...(await import("../src/generations/quote")),
    ...(await import("../src/generations/store")),
    ...(await import("../src/generations/public-record")),
    ...(await import("../src/generations/worker/next-step")),
    ...(await import("../src/platform/queue")),
  };
}
