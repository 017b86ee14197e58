import { getBalanceRoute } from "@/server/api/get-balance";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

export const GET = getBalanceRoute;
export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
