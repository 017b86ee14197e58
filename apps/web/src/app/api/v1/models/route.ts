import { listCatalog, modelView } from "@vgen/engine";
import { methodNotAllowed } from "@/server/http/with-public";
import { withApiKey } from "@/server/http/with-api-key";

export const dynamic = "force-dynamic";

export const GET = withApiKey(async (ctx) => {
  const models = await listCatalog(ctx.db);
  return { kind: "json", status: 200, body: { object: "list", data: models.map(modelView) } };
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
