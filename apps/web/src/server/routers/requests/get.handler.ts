import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { findApiKeyLabel } from "@vgen/engine/accounts";
import { getRequestLog } from "@vgen/engine/observability";
import type { AuthedContext } from "../../trpc";
import type { RequestGetInput } from "./get.schema";

/** One request of the signed-in account; another account's is not found, like an unknown one. */
export async function getHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RequestGetInput> }) {
  const entry = await getRequestLog(ctx.db, ctx.accountId, input.id);
  if (!entry) throw new TRPCError({ code: "NOT_FOUND", message: `No request '${input.id}' on this account.` });
  const key = entry.apiKeyId ? await findApiKeyLabel(ctx.db, ctx.accountId, entry.apiKeyId) : null;
  return { ...entry, key };
}
