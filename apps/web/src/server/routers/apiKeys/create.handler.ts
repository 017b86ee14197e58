import type { z } from "zod";
import { issueNamedApiKey } from "@vgen/engine/accounts";
import type { AuthedContext } from "../../trpc";
import type { CreateKeyInput } from "./create.schema";

/** Issues a key; the full key is in this response only (the database keeps its hash). */
export async function createHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof CreateKeyInput> }) {
  const { key, record } = await issueNamedApiKey(ctx.db, ctx.user.id, input.name);
  return { key, id: record.id, name: record.name, prefix: record.prefix, createdAt: record.createdAt };
}
