import type { z } from "zod";
import { concatChain } from "@vgen/engine/generations";
import { livemodeOfRequest } from "../../../dashboard-mode/mode";
import type { AuthedContext } from "../../trpc";
import type { ConcatInput } from "./concat.schema";

/**
 * "Join chain into one video": the chain ending at `id` joined into one completed record, exactly as
 * POST /api/v1/videos/concat does (no charge), in the dashboard's mode like the playground's clips.
 */
export async function concatHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof ConcatInput> }) {
  const joined = await concatChain(ctx.db, {
    accountId: ctx.accountId,
    apiKeyId: null,
    id: input.id,
    livemode: livemodeOfRequest(ctx.headers),
  });
  return { id: joined.id };
}
