import type { z } from "zod";
import { listAccountGenerations } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { AccountGenerationsInput } from "./generations.schema";

export function generationsHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof AccountGenerationsInput> }) {
  return listAccountGenerations(ctx.db, input.accountId, {
    page: input.page,
    pageSize: input.pageSize,
    status: input.status ?? undefined,
  });
}
