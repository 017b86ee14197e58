import { listErrorsRoute } from "@/server/api/list-errors";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

export const GET = listErrorsRoute;
export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
