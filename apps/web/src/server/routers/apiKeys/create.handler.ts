import type { z } from "zod";
import { checkedKeyRestrictions, issueNamedApiKey } from "@vgen/engine/accounts";
import { memberActor } from "../../member-actor";
import type { AuthedContext } from "../../trpc";
import type { CreateKeyInput } from "./create.schema";
import { toKeyRestrictions } from "@vgen/contracts";

/** Issues a key; the full key is in this response only (the database keeps its hash). */
export async function createHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof CreateKeyInput> }) {
  const restrictions = input.restrictions && (await checkedKeyRestrictions(ctx.db, toKeyRestrictions(input.restrictions)));
  const { key, record } = await issueNamedApiKey(
    ctx.db,
    ctx.accountId,
    input.name,
    restrictions,
    {
      livemode: input.livemode,
      createdById: ctx.user.id,
      projectId: input.projectId,
    },
    memberActor(ctx),
  );
  return { key, id: record.id, name: record.name, prefix: record.prefix, livemode: record.livemode, createdAt: record.createdAt };
}
