import { ApiError, parseBody, TriggerRequest } from "@vgen/contracts";
import { assertKeyMayWrite } from "@vgen/engine/accounts";
import { TRIGGERS_PER_MINUTE, triggerSampleEvent } from "@vgen/engine/delivery";
import { consumeRateLimit } from "@vgen/engine/platform";
import { withApiKey } from "../http/with-api-key";

/** POST /api/v1/webhooks/trigger: a sample event to the account's endpoints and listen sessions (`vgen trigger`). */
export const triggerWebhookRoute = withApiKey(
  async (ctx) => {
    assertKeyMayWrite(ctx.apiKey.restrictions);
    const { event } = parseBody(TriggerRequest, ctx.body);
    const limit = await consumeRateLimit(`trigger:${ctx.account.id}`, TRIGGERS_PER_MINUTE, 60);
    if (!limit.allowed) {
      throw new ApiError(
        "rate_limited",
        `At most ${TRIGGERS_PER_MINUTE} sample events per minute per account. Retry after ${limit.resetSeconds} s.`,
        null,
        { "retry-after": String(limit.resetSeconds) },
      );
    }
    const deliveries = await triggerSampleEvent(ctx.db, ctx.account.id, event, ctx.apiKey.livemode);
    return { kind: "json", status: 202, body: { event, deliveries: deliveries.length } };
  },
  { body: true },
);
