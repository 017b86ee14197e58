import { getStatusRoute } from "@/server/api/get-status";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

export const GET = getStatusRoute;
export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
