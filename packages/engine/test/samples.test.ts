// The landing page's sample clips: one real MP4 per model from the local renderer, made once per
// catalog change (not per view), stored like outputs, and replaced when the model changes.
import { existsSync } from "node:fs";
import path from "node:path";
import { CATALOG_SEED } from "@vgen/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inspectMp4 } from "./helpers/mp4";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { useLocalOutputs } from "./helpers/local-outputs";

const dataDir = useLocalOutputs("samples");

const SEEDED = CATALOG_SEED.map((m) => m.id);

describe.skipIf(!testDatabaseUrl)("sample clips", () => {
  const db = useTestDb(4);
  let samples: typeof import("../src/samples/index");
  let queue: typeof import("../src/platform/queue");

  beforeAll(async () => {
    samples = await import("../src/samples/index");
    queue = await import("../src/platform/queue");
    // A clean start: no clip and no waiting render left by an earlier run on this database.
    await db().modelSample.deleteMany({ where: { modelId: { in: SEEDED } } });
    await (await queue.getBoss()).deleteQueuedJobs(queue.SAMPLE_QUEUE);
  });

  afterAll(async () => {
    await queue?.stopBoss();
  });

  const stored = (key: string) => path.join(dataDir, "outputs", key);

  it("queues one render per model that has no clip, and only one while it waits", async () => {
    const first = await samples.queueMissingSamples(db(), 3600);
    expect(first).toEqual(expect.arrayContaining(SEEDED));
    const again = await samples.queueMissingSamples(db(), 3600);
    expect(again.filter((id) => SEEDED.includes(id))).toEqual([]);
  });

  it("renders a real H.264 MP4 and a poster for each model, once", async () => {
    for (const id of SEEDED) expect(await samples.renderSample(db(), id)).toBe(true);
    const clips = await samples.sampleClips(db());
    for (const id of SEEDED) {
      const row = await db().modelSample.findUniqueOrThrow({ where: { modelId: id } });
      const info = await inspectMp4(stored(row.videoKey));
      expect(info).toMatchObject({ sampleEntry: "avc1", width: 320, height: 180, pixelFormat: "yuv420p", fastStart: true });
      expect(info.durationSeconds).toBeCloseTo(2, 1);
      expect(row.posterKey && existsSync(stored(row.posterKey))).toBe(true);
      const clip = clips.get(id)!;
      expect(clip.videoUrl.endsWith(`/${row.videoKey}`)).toBe(true);
      expect(clip.prompt.ru).toMatch(/[А-Яа-я]/);
      // The same catalog state needs no new render, and nothing is queued for it.
      expect(await samples.renderSample(db(), id)).toBe(false);
    }
    expect((await samples.queueMissingSamples(db())).filter((id) => SEEDED.includes(id))).toEqual([]);
  });

  it("renders a model again after its catalog row changes, and removes the previous files", async () => {
    const id = SEEDED[0]!;
    const before = await db().modelSample.findUniqueOrThrow({ where: { modelId: id } });
    const model = await db().catalogModel.findUniqueOrThrow({ where: { id } });
    await db().catalogModel.update({ where: { id }, data: { sortOrder: model.sortOrder } }); // any edit moves updated_at
    expect(await samples.renderSample(db(), id)).toBe(true);
    const after = await db().modelSample.findUniqueOrThrow({ where: { modelId: id } });
    expect(after.videoKey).not.toBe(before.videoKey);
    expect((await inspectMp4(stored(after.videoKey))).width).toBe(320);
    expect(existsSync(stored(before.videoKey))).toBe(false);
    expect(existsSync(stored(before.posterKey!))).toBe(false);
  });
});
