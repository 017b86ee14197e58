import { type CatalogModel, type Db, newId } from "@vgen/db";

type ModelFields = Omit<CatalogModel, "id" | "createdAt" | "updatedAt">;

/**
 * A catalog model of the test's own, so its prices and routes touch no other test: 720p, 1–8 s
 * (default 2), a 1 s minimum charge, a rate limit no test reaches. Its routes are the caller's to add.
 */
export function testCatalogModel(
  db: Db,
  prefix: string,
  fields: Pick<ModelFields, "priceMicrosPerSecond"> & Partial<ModelFields>,
): Promise<CatalogModel> {
  return db.catalogModel.create({
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
}
