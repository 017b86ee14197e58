import { createGenerationRoute } from "@/server/api/create-generation";
import { listGenerationsRoute } from "@/server/api/list-generations";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

export const POST = createGenerationRoute;
export const GET = listGenerationsRoute;
export const { PUT, PATCH, DELETE } = methodNotAllowed("GET", "POST");
