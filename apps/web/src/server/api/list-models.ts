import { keyAllowsModel } from "@vgen/engine/accounts";
import { listCatalog, modelView } from "@vgen/engine/catalog";
import { projectAllowsModel } from "@vgen/engine/projects";
import { withApiKey } from "../http/with-api-key";

/**
 * GET /api/v1/models: the enabled catalog, or the part of it a model-restricted key may use
 * or its project may use (like an OpenAI project key limited to some models: the others are not listed). Filtered on the
 * cached key, so no query is added.
 */
export const listModelsRoute = withApiKey(async (ctx) => {
  const restrictions = ctx.apiKey.restrictions;
  const project = ctx.apiKey.project.restrictions;
  const models = (await listCatalog(ctx.db)).filter(
    (m) => keyAllowsModel(restrictions, m.id) && projectAllowsModel(project, m.id),
  );
  return { kind: "json", status: 200, body: { object: "list", data: models.map(modelView) } };
});
