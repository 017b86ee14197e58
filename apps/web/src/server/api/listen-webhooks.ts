import { parseListenQuery } from "@vgen/contracts";
import { openListenSession } from "@vgen/engine/delivery";
import { withApiKey } from "../http/with-api-key";

/**
 * GET /api/v1/webhooks/listen: the key's stream of its account's webhook events (`vgen listen`).
 * Served by server.ts straight on the socket, and by Next.js as its route.
 */
export const listenWebhooksRoute = withApiKey(async (ctx) => {
  const { events, session } = parseListenQuery(ctx.req.searchParams);
  const opened = await openListenSession(ctx.db, {
    accountId: ctx.account.id,
    apiKeyId: ctx.apiKey.id,
    livemode: ctx.apiKey.livemode,
    events,
    resume: session,
  });
  return { kind: "listen", session: opened };
});
