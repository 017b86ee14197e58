import { getGenerationForAccount } from "@vgen/engine";
import { methodNotAllowed } from "@/server/http/with-public";
import { withApiKey } from "@/server/http/with-api-key";

export const dynamic = "force-dynamic";

/** Re-attaches to a running or finished generation's event stream. */
export const GET = withApiKey<{ id: string }>(async (ctx, { id }) => {
  const generation = await getGenerationForAccount(ctx.db, ctx.account.id, id);
  ctx.tag({ generationId: generation.id, modelId: generation.modelId });
  return { kind: "stream", generationId: generation.id };
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
