import { listModelsRoute } from "@/server/api/list-models";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

export const GET = listModelsRoute;
export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
