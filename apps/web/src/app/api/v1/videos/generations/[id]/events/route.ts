import { methodNotAllowed } from "@/server/http/with-public";
import { getGenerationEvents } from "@/server/api/generation-events";

export const dynamic = "force-dynamic";

/** Re-attaches to a running or finished generation's event stream (server.ts usually answers it first). */
export const GET = getGenerationEvents;

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
