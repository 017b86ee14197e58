import { listCatalog, modelView } from "@vgen/engine/catalog";
import { withApiKey } from "../http/with-api-key";

/** GET /api/v1/models: the enabled catalog. */
export const listModelsRoute = withApiKey(async (ctx) => {
  const models = await listCatalog(ctx.db);
  return { kind: "json", status: 200, body: { object: "list", data: models.map(modelView) } };
});
