import type { z } from "zod";
import { parseUsd } from "@vgen/contracts";
import { updateCatalogModel } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { UpdateCatalogInput } from "./updateCatalog.schema";

export async function updateCatalogHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof UpdateCatalogInput> }) {
  const { modelId, price, audioPrice, reason, ...rest } = input;
  const model = await updateCatalogModel(ctx.db, {
    modelId,
    actorId: ctx.user.id,
    reason,
    patch: {
      ...rest,
      ...(price !== undefined ? { priceMicrosPerSecond: parseUsd(price) } : {}),
      ...(audioPrice !== undefined ? { audioPriceMicros: audioPrice === "" ? null : parseUsd(audioPrice) } : {}),
    },
  });
  return { id: model.id, priceMicrosPerSecond: model.priceMicrosPerSecond };
}
