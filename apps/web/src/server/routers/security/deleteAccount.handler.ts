import type { z } from "zod";
import { deleteAccount } from "@vgen/engine/accounts";
import type { AuthedContext } from "../../trpc";
import type { DeleteAccountInput } from "./deleteAccount.schema";

export async function deleteAccountHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof DeleteAccountInput> }) {
  await deleteAccount(ctx.db, { accountId: ctx.user.id, ...input });
  return { deleted: true };
}
