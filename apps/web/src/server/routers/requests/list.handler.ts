import type { z } from "zod";
import { listRequestLogs } from "@vgen/engine/observability";
import { livemodeOfRequest } from "../../../dashboard-mode/mode";
import type { AuthedContext } from "../../trpc";
import type { RequestListInput } from "./list.schema";

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** One page of the signed-in account's API requests of the dashboard's mode, newest first. */
export function listHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof RequestListInput> }) {
  return listRequestLogs(ctx.db, ctx.accountId, {
    filter: {
      statusClass: input.statusClass,
      apiKeyId: input.apiKeyId,
      projectId: input.projectId,
      operation: input.operation,
      from: input.from ? dayStart(input.from) : null,
      // The last day is included: the bound is the next midnight.
      to: input.to ? new Date(dayStart(input.to).getTime() + DAY_MS) : null,
      livemode: livemodeOfRequest(ctx.headers),
    },
    limit: input.limit,
    cursor: input.cursor,
  });
}
