import { GenerationIdBody, parseBody } from "@vgen/contracts";
import { getGenerationForAccount, recordOf } from "@vgen/engine";
import { readJsonBody } from "@/server/http/body";
import { json } from "@/server/http/respond";
import { withApiKey } from "@/server/http/with-api-key";

export const dynamic = "force-dynamic";

export const POST = withApiKey(async (ctx) => {
  const { id } = parseBody(GenerationIdBody, await readJsonBody(ctx.req));
  const generation = await getGenerationForAccount(ctx.db, ctx.account.id, id);
  ctx.tag({ generationId: generation.id, modelId: generation.modelId });
  return json(200, await recordOf(ctx.db, generation));
});
