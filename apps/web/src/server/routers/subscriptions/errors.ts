import { TRPCError } from "@trpc/server";
import { SubscriptionError } from "@vgen/engine";

/** Maps the engine's subscription errors to tRPC errors. */
export async function mapSubscriptionErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SubscriptionError) {
      throw new TRPCError({ code: err.kind === "not_found" ? "NOT_FOUND" : "BAD_REQUEST", message: err.message });
    }
    throw err;
  }
}
