import { newId } from "@vgen/db";
import { db } from "./fixtures";

/**
 * A catalog model of one test file's own, served by the local renderer on one route, so the file's
 * prices, limits and queue touch no other suite: 720p, 1-8 s (default 2), a 1 s minimum charge.
 * Returns its id.
 */
export async function createOwnModel(
  prefix: string,
  purpose: string,
  opts: { priceMicrosPerSecond: bigint; maxConcurrency?: number; maxOutputs?: number },
): Promise<string> {
  const id = `e2e-${prefix}-${newId("rte").slice(4, 12).toLowerCase()}`;
  await db().catalogModel.create({
    data: {
      id,
      purpose,
      purposeRu: `${purpose} (ru)`,
      priceMicrosPerSecond: opts.priceMicrosPerSecond,
      rateLimitQps: 100,
      minChargeSeconds: 1,
      queue: "standard",
      sizes: ["720p"],
      minDuration: 1,
      maxDuration: 8,
      defaultDuration: 2,
      ...(opts.maxOutputs === undefined ? {} : { maxOutputs: opts.maxOutputs }),
      sortOrder: 1000,
    },
  });
  await db().modelRoute.create({
    data: { id: newId("rte"), modelId: id, position: 100, provider: "local", maxConcurrency: opts.maxConcurrency ?? 1000 },
  });
  return id;
}

/** After the file: the model keeps its generations (ledger rows refer to them); disabled, it is out of every list. */
export async function retireOwnModel(id: string): Promise<void> {
  await db().catalogModel.update({ where: { id }, data: { enabled: false } });
}
