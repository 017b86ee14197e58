import { listenWebhooksRoute } from "@/server/api/listen-webhooks";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

/** The `vgen listen` stream (server.ts usually answers it first). */
export const GET = listenWebhooksRoute;
// HEAD too: served as a GET it would open a listen session and a stream nobody reads.
export const { HEAD, POST, PUT, PATCH, DELETE } = methodNotAllowed("GET");
