import { cancelGenerationRoute } from "@/server/api/cancel-generation";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

export const POST = cancelGenerationRoute;
export const { GET, PUT, PATCH, DELETE } = methodNotAllowed("POST");
