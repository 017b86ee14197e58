import { listCatalog, modelView } from "@vgen/engine";
import { json } from "@/server/http/respond";
import { withApiKey } from "@/server/http/with-api-key";

export const dynamic = "force-dynamic";

export const GET = withApiKey(async (ctx) => {
  const models = await listCatalog(ctx.db);
  return json(200, { object: "list", data: models.map(modelView) });
});
