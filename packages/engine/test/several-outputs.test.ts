// Several outputs per request (`n`): held as n clips at acceptance (and quoted so), refused above the
// model's `max_outputs` or a route's capability before any hold, rendered as n distinct clips by the
// local renderer, and billed per delivered output: a provider that returns fewer bills what arrived.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Account, CatalogModel, Generation } from "@vgen/db";
import { newId } from "@vgen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVeoFake, type VeoFake } from "./fakes/veo";
import { testCatalogModel } from "./helpers/catalog-model";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { outputsOf } from "../src/storage/outputs";
import { useLocalOutputs } from "./helpers/local-outputs";

useLocalOutputs("outputs", { fastUpstreams: true });

const PRICE = 100_000n; // $0.10 per second

describe.skipIf(!testDatabaseUrl)("several outputs per request", () => {
  const db = useTestDb(4);
  const funded = useFundedAccounts(db, "outputs");
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  let veo: VeoFake;
  let account: Account;

  beforeAll(async () => {
    engine = await loadEngine();
    veo = await startVeoFake();
    Object.assign(process.env, { UPSTREAM_SEVERAL_VEO_URL: veo.baseUrl, UPSTREAM_SEVERAL_VEO_API_KEY: veo.apiKey });
    account = await funded(100_000_000n);
  });
  afterAll(async () => {
    await veo?.close();
  });

  /** A model of its own allowing `maxOutputs` clips per request, served by one route. */
  async function modelOn(provider: "local" | "veo", maxOutputs: number, upstreamModel = "veo-2.0-generate-001") {
    const model = await testCatalogModel(db(), "outputs", { priceMicrosPerSecond: PRICE, maxOutputs });
    await db().modelRoute.create({
      data: {
        id: newId("rte"),
        modelId: model.id,
        position: 0,
        provider,
        upstreamModel: provider === "veo" ? upstreamModel : null,
        credentials: provider === "veo" ? "several-veo" : null,
        maxConcurrency: 10,
        costMicrosPerSecond: 40_000n,
      },
    });
    return model;
  }

  const create = (model: CatalogModel, body: Record<string, unknown>) =>
    engine.acceptGeneration(db(), { account, apiKeyId: null, body: { model: model.id, prompt: "kites over a beach", ...body } });

  async function drive(id: string): Promise<Generation> {
    for (let i = 0; i < 300; i++) {
      const next = await engine.processGeneration(db(), id);
      if (next.done) return db().generation.findUniqueOrThrow({ where: { id } });
      await new Promise((r) => setTimeout(r, Math.min(next.afterMs, 20)));
    }
    throw new Error(`generation ${id} still running`);
  }

  /** Waits until the catalog cache (refreshed on its change notice) lists a model just created. */
  async function listed(modelId: string) {
    for (let i = 0; i < 100; i++) {
      if (
        await engine.findEnabledModel(db(), modelId).then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`model ${modelId} never listed`);
  }

  const balance = async () => (await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros;
  const ledgerOf = async (id: string) =>
    (await db().ledgerEntry.findMany({ where: { generationId: id }, orderBy: { createdAt: "asc" } })).map(
      (e) => [e.type, e.amountMicros] as const,
    );

  it("holds n clips, renders n distinct clips with their own posters, and bills each delivered one", async () => {
    const model = await modelOn("local", 4);
    const before = await balance();
    const { record, generation } = await create(model, { duration: 2, n: 2, seed: 7 });
    expect(record).toMatchObject({ n: 2, billed_seconds: 4, cost: "$0.400", seed: 7 });
    expect(await ledgerOf(generation.id)).toEqual([["hold", -4n * PRICE]]);

    const done = await drive(generation.id);
    expect(done.status).toBe("completed");
    const outputs = outputsOf(done);
    expect(outputs.map((o) => [o.index, o.key, o.poster_key])).toEqual([
      [0, `${done.id}.mp4`, `${done.id}.jpg`],
      [1, `${done.id}-1.mp4`, `${done.id}-1.jpg`],
    ]);
    // Output 1 is the clip of seed 8: a different clip, not a copy.
    const [first, second] = await Promise.all(outputs.map((o) => readFile(path.join(process.env.OUTPUT_DIR!, o.key))));
    expect(first!.equals(second!)).toBe(false);

    const shown = engine.toRecord(done, { etaSeconds: 0, queuePosition: null });
    expect(shown.output).toHaveLength(2);
    expect(shown.output.map((o) => o.duration)).toEqual([2, 2]);
    expect(new Set(shown.output.map((o) => o.url)).size).toBe(2);
    expect(shown.output.every((o) => o.poster_url?.endsWith(".jpg"))).toBe(true);
    expect(shown).toMatchObject({ billed_seconds: 4, cost: "$0.400" });
    expect(await ledgerOf(done.id)).toEqual([
      ["hold", -4n * PRICE],
      ["hold_release", 4n * PRICE],
      ["charge", -4n * PRICE],
    ]);
    // The ledger's entries are the whole balance change.
    expect((await balance()) - before).toBe(-4n * PRICE);

    // Both files are the generation's: the /cdn route's retention lookup finds each, the sweep deletes each.
    for (const o of outputs) expect(await engine.outputRetention(db(), o.key)).toMatchObject({ expired: false });
    await db().generation.update({ where: { id: done.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await engine.sweepExpiredOutputs(db())).toBeGreaterThanOrEqual(1);
    for (const o of outputs) {
      expect(await engine.openOutput(o.key)).toBeNull();
      expect(await engine.openOutput(o.poster_key!)).toBeNull();
    }
  });

  it("a provider that returns fewer videos than asked bills what arrived and releases the rest", async () => {
    const model = await modelOn("veo", 2);
    veo.nextJob({ samplesReturned: 1 });
    const before = await balance();
    const { generation } = await create(model, { duration: 6, n: 2 });
    expect(veo.submits.at(-1)).toBeUndefined();
    const done = await drive(generation.id);
    expect(veo.submits.at(-1)?.parameters).toMatchObject({ sampleCount: 2 });
    expect(done.status).toBe("completed");
    expect(outputsOf(done)).toHaveLength(1);
    expect([done.billedSeconds, done.costMicros]).toEqual([6, 6n * PRICE]);
    expect(await ledgerOf(done.id)).toEqual([
      ["hold", -12n * PRICE],
      ["hold_release", 12n * PRICE],
      ["charge", -6n * PRICE],
    ]);
    expect((await balance()) - before).toBe(-6n * PRICE);
    const shown = engine.toRecord(done, { etaSeconds: 0, queuePosition: null });
    expect(shown.output).toHaveLength(1);
    expect(shown).toMatchObject({ n: 2, billed_seconds: 6, cost: "$0.600" });
  });

  it("a provider that returns every video bills all of them", async () => {
    const model = await modelOn("veo", 2);
    const { generation } = await create(model, { duration: 6, n: 2 });
    const done = await drive(generation.id);
    expect(outputsOf(done).map((o) => o.delivered_ms)).toEqual([6000, 6000]);
    expect(await ledgerOf(done.id)).toEqual([
      ["hold", -12n * PRICE],
      ["hold_release", 12n * PRICE],
      ["charge", -12n * PRICE],
    ]);
  });

  it("refuses n above the model's max_outputs, or that no route can return, before any hold", async () => {
    const before = await balance();
    const one = await modelOn("local", 1);
    const four = await modelOn("local", 4);
    // The model allows 4, but its only route (Veo 3.1 on the Gemini API) returns one video per request.
    const veo31 = await modelOn("veo", 4, "veo-3.1-generate-preview");
    await listed(veo31.id);
    await expect(create(one, { n: 2 })).rejects.toMatchObject({ code: "too_many_outputs", param: "n" });
    await expect(create(four, { n: 5 })).rejects.toMatchObject({ code: "invalid_parameter", param: "n" });
    await expect(create(four, { n: 0 })).rejects.toMatchObject({ code: "invalid_parameter", param: "n" });
    await expect(create(veo31, { duration: 8, n: 2 })).rejects.toMatchObject({ code: "unsupported_by_model", param: "n" });
    expect(await balance()).toBe(before);
    expect(await db().generation.count({ where: { modelId: { in: [one.id, four.id, veo31.id] } } })).toBe(0);
  });

  it("quotes n clips, and a quote binds its n", async () => {
    const model = await modelOn("local", 4);
    const quote = await engine.quoteGeneration(db(), { account, body: { model: model.id, prompt: "q", duration: 2, n: 3 } });
    expect(quote).toMatchObject({ billed_seconds: 6, cost: "$0.600" });
    const { record } = await create(model, { prompt: "q", duration: 2, n: 3, quoteId: quote.quote_id });
    expect(record).toMatchObject({ cost: "$0.600", quote_id: quote.quote_id });
    // A quote is for its n: the same body with another n is another request.
    const other = await engine.quoteGeneration(db(), { account, body: { model: model.id, prompt: "q", duration: 2, n: 2 } });
    await expect(create(model, { prompt: "q", duration: 2, n: 3, quoteId: other.quote_id })).rejects.toMatchObject({
      code: "quote_mismatch",
    });
  });
});

/** The engine modules this suite drives, imported after the environment above is set. */
async function loadEngine() {
  return {
    ...(await import("../src/accounts/accounts")),
    ...(await import("../src/billing/ledger")),
    ...(await import("../src/catalog/models")),
    ...(await import("../src/generations/accept")),
    ...(await import("../src/generations/quote")),
    ...(await import("../src/generations/store")),
    ...(await import("../src/generations/public-record")),
    ...(await import("../src/generations/retention")),
    ...(await import("../src/generations/worker/next-step")),
    ...(await import("../src/platform/queue")),
    ...(await import("../src/storage/backend")),
  };
}
