import { listCatalog, modelView } from "@vgen/engine";
import type { SessionUser } from "../../auth/session";
import type { TRPCContext } from "../../trpc";

/**
 * The enabled catalog (shared by every account, so there is no tenant filter): the public view of
 * GET /api/v1/models plus the raw figures the dashboard computes prices with.
 */
export async function listHandler({ ctx }: { ctx: TRPCContext & { user: SessionUser } }) {
  const models = await listCatalog(ctx.db);
  return models.map((m) => ({
    ...modelView(m),
    priceMicrosPerSecond: m.priceMicrosPerSecond,
    minChargeSeconds: m.minChargeSeconds,
  }));
}
