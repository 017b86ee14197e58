import { triggerWebhookRoute } from "@/server/api/trigger-webhook";
import { methodNotAllowed } from "@/server/http/with-public";

export const dynamic = "force-dynamic";

/** A sample webhook event (server.ts usually answers it first). */
export const POST = triggerWebhookRoute;
export const { GET, PUT, PATCH, DELETE } = methodNotAllowed("POST");
