import type { z } from "zod";
import { listCustomerAuditLog } from "@vgen/engine/audit";
import type { AuthedContext } from "../../trpc";
import type { AuditLogInput } from "./auditLog.schema";

/** The active organization's audit log (owners and admins), newest first; always scoped to ctx.accountId. */
export function auditLogHandler({ ctx, input }: { ctx: AuthedContext; input: z.infer<typeof AuditLogInput> }) {
  return listCustomerAuditLog(ctx.db, ctx.accountId, {
    action: input.action,
    actorId: input.actorId,
    cursor: input.cursor ?? undefined,
    limit: input.limit,
  });
}
