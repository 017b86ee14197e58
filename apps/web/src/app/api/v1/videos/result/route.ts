import { getResultRoute } from "@/server/api/get-result";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

export const POST = getResultRoute;
export const { GET, PUT, PATCH, DELETE } = methodNotAllowed("POST");
