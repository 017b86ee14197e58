import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { logger } from "@vgen/engine";
import { appRouter } from "@/server/routers/_app";
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
    // but no content type of its own; say what it is.
    responseMeta: ({ errors }) => (errors.length ? { headers: { "content-type": "application/json" } } : {}),
    createContext: () => createTRPCContext({ headers: req.headers }),
    onError: ({ path, error }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error({ err: error, path }, "tRPC error");
    },
  });
}

export { handler as GET, handler as POST };
