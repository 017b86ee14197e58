import { newId, type Prisma } from "@vgen/db";
import { db } from "./fixtures";

type ModelFields = Partial<Omit<Prisma.CatalogModelUncheckedCreateInput, "id" | "purpose" | "purposeRu">>;

/**
 * A catalog model of one test file's own, served by the local renderer on one route, so the file's
 * prices, limits and queue touch no other suite: 720p, 1-8 s (default 2), a 1 s minimum charge, unless
 * `fields` say otherwise; the route takes `maxConcurrency` at once (default: no limit a test reaches).
 * Returns its id.
 */
export async function createOwnModel(
  prefix: string,
  purpose: string,
  { maxConcurrency = 1000, ...fields }: ModelFields & { priceMicrosPerSecond: bigint; maxConcurrency?: number },
): Promise<string> {
  const id = `e2e-${prefix}-${newId("rte").slice(4, 12).toLowerCase()}`;
  await db().catalogModel.create({
    data: {
      id,
      purpose,
      purposeRu: `${purpose} (ru)`,
      rateLimitQps: 100,
      minChargeSeconds: 1,
      queue: "standard",
      sizes: ["720p"],
      minDuration: 1,
      maxDuration: 8,
      defaultDuration: 2,
      sortOrder: 1000,
      ...fields,
    },
  });
  await db().modelRoute.create({
    data: { id: newId("rte"), modelId: id, position: 100, provider: "local", maxConcurrency },
  });
  return id;
}

/** After the file: the model keeps its generations (ledger rows refer to them); disabled, it is out of every list. */
export async function retireOwnModel(id: string): Promise<void> {
  await db().catalogModel.update({ where: { id }, data: { enabled: false } });
}
