import { pricePerSecondFor } from "@vgen/contracts";
import { listCatalog, modelView } from "@vgen/engine/catalog";
import type { AuthedContext } from "../../trpc";

/**
 * The enabled catalog (shared by every account, so there is no tenant filter): the public view of
 * GET /api/v1/models plus the raw figures the dashboard computes prices with and the Russian description.
 */
export async function listHandler({ ctx }: { ctx: AuthedContext }) {
  const models = await listCatalog(ctx.db);
  return models.map((m) => ({
    ...modelView(m),
    purposeRu: m.purposeRu,
    priceMicrosPerSecond: m.priceMicrosPerSecond,
    minChargeSeconds: m.minChargeSeconds,
    /** Per second of a clip with sound; null when the model makes silent clips only. */
    audioPriceMicrosPerSecond: m.supportsAudio ? pricePerSecondFor(m, true) : null,
  }));
}
