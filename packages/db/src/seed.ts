// The model catalog every environment starts with. Rows are created only when missing: staff edit
// prices, limits and flags in the database, and a restart must never overwrite those edits.
import type { Db } from "./client";
import { newId } from "./ids";
import type { QueueName } from "./generated/prisma/client";

export interface CatalogSeed {
  id: string;
  /** What the model is for, in English (the API's `purpose`) and in Russian (the UI in Russian). */
  purpose: string;
  purposeRu: string;
  priceMicrosPerSecond: bigint;
  rateLimitQps: number;
  minChargeSeconds: number;
  queue: QueueName;
  sizes: string[];
  minDuration: number;
  maxDuration: number;
  defaultDuration: number;
  /** Sound on request (`generateAudio`); off unless asked, so existing clients' clips and bills stay as they were. */
  supportsAudio: boolean;
  /** Outputs per request (`n`): Vertex Veo returns up to 4 videos per request (`sampleCount`). */
  maxOutputs: number;
  sortOrder: number;
}

export const CATALOG_SEED: readonly CatalogSeed[] = [
  {
    id: "gen-3.1-pro",
    purpose: "Top-quality line, for complex scene staging and high-level production",
    purposeRu: "Линейка высшего качества: сложные постановочные сцены и профессиональное производство",
    priceMicrosPerSecond: 480_000n,
    rateLimitQps: 18,
    minChargeSeconds: 4,
    queue: "pro_priority",
    sizes: ["720p", "1080p", "4k"],
    minDuration: 1,
    maxDuration: 8,
    defaultDuration: 8,
    supportsAudio: true,
    maxOutputs: 4,
    sortOrder: 1,
  },
  {
    id: "gen-3-1080",
    purpose: "1080p output for advertising and product video with more detail",
    purposeRu: "Видео 1080p для рекламы и роликов о продуктах с большей детализацией",
    priceMicrosPerSecond: 320_000n,
    rateLimitQps: 20,
    minChargeSeconds: 3,
    queue: "standard",
    sizes: ["1080p", "720p"],
    minDuration: 1,
    maxDuration: 8,
    defaultDuration: 8,
    supportsAudio: true,
    maxOutputs: 4,
    sortOrder: 2,
  },
  {
    id: "gen-3.1-fast",
    purpose: "Fast, inexpensive drafts and previews",
    purposeRu: "Быстрые и недорогие черновики и превью",
    priceMicrosPerSecond: 150_000n,
    rateLimitQps: 25,
    minChargeSeconds: 4,
    queue: "standard",
    sizes: ["720p", "1080p"],
    minDuration: 1,
    maxDuration: 8,
    defaultDuration: 8,
    supportsAudio: true,
    maxOutputs: 4,
    sortOrder: 3,
  },
];

/** Inserts the catalog models that do not exist yet; returns the ids it created. Existing rows are untouched. */
export async function seedCatalog(db: Db): Promise<string[]> {
  const created: string[] = [];
  for (const model of CATALOG_SEED) {
    // One statement per row: concurrent starters cannot both insert, and nothing is ever updated.
    const made = await db.$transaction(async (tx) => {
      const res = await tx.catalogModel.createMany({ data: [{ ...model, sizes: [...model.sizes] }], skipDuplicates: true });
      if (res.count === 0) return false;
      // A new model renders locally until staff give it upstream routes (docs/providers.md#routes).
      await tx.modelRoute.create({
        data: {
          id: newId("rte"),
          modelId: model.id,
          position: LOCAL_ROUTE_POSITION,
          provider: "local",
          maxConcurrency: LOCAL_ROUTE_CONCURRENCY,
        },
      });
      return true;
    });
    if (made) created.push(model.id);
  }
  return created;
}

/** The local renderer's route sorts after any upstream route staff add in front of it. */
export const LOCAL_ROUTE_POSITION = 100;
/** Local renders are bounded by each worker's WORKER_CONCURRENCY; the route itself does not limit them. */
export const LOCAL_ROUTE_CONCURRENCY = 1000;
