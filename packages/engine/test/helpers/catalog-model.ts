import { type CatalogModel, type Db, newId } from "@vgen/db";

type ModelFields = Omit<CatalogModel, "id" | "createdAt" | "updatedAt">;

/**
 * A catalog model of the test's own, so its prices and routes touch no other test: 720p, 1–8 s
 * (default 2), a 1 s minimum charge, a rate limit no test reaches. Its routes are the caller's to add.
 */
export async function testCatalogModel(
  db: Db,
  prefix: string,
  fields: Pick<ModelFields, "priceMicrosPerSecond"> & Partial<ModelFields>,
): Promise<CatalogModel> {
  const model = await db.catalogModel.create({
    data: {
      id: `${prefix}-${newId("rte").slice(4, 14)}`,
      purpose: `${prefix} test`,
      purposeRu: `${prefix} test (ru)`,
      rateLimitQps: 1000,
      minChargeSeconds: 1,
      queue: "standard",
      sizes: ["720p"],
      minDuration: 1,
      maxDuration: 8,
      defaultDuration: 2,
      ...fields,
    },
  });
  if (model.enabled) await untilCatalogHas(db, model.id);
  return model;
}

/**
 * The enabled catalog is cached per process and learns of a new model from the database's change
 * notification (platform/hot-cache), a moment after the insert commits: a create sent at once could
 * still be told `unknown_model`, as it was once on a loaded CI machine.
 */
async function untilCatalogHas(db: Db, modelId: string) {
  const { enabledModels } = await import("../../src/platform/index");
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20)))
    if ((await enabledModels(db)).has(modelId)) return;
  throw new Error(`the catalog cache never saw model ${modelId}`);
}
