import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { isDatabaseUnavailable, logger } from "@vgen/engine/platform";
import { appRouter } from "@/server/routers/_app";
import { retryAfterFor } from "@/server/errors/trpc";
import { createTRPCContext } from "@/server/trpc";
import { MAX_BATCH_CALLS } from "@/trpc/limits";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    maxBatchSize: MAX_BATCH_CALLS,
    // tRPC answers a request it refuses as a whole (an oversized batch, a bad path) with a JSON body
    // but no content type of its own; say what it is. A 503 (database unavailable) says when to retry.
    responseMeta: ({ errors }) =>
      errors.length ? { headers: { "content-type": "application/json", ...retryAfterFor(errors) } } : {},
    createContext: () => createTRPCContext({ headers: req.headers }),
    onError: ({ path, error }) => {
      if (error.code !== "INTERNAL_SERVER_ERROR") return;
      if (isDatabaseUnavailable(error.cause))
        logger.warn({ path, err: error.cause?.message }, "database unavailable: tRPC answered 503");
      else logger.error({ err: error, path }, "tRPC error");
    },
  });
}

export { handler as GET, handler as POST };
