import type { z } from "zod";
import { listAuditLog } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";
import type { AuditLogInput } from "./auditLog.schema";

export function auditLogHandler({ ctx, input }: { ctx: StaffContext; input: z.infer<typeof AuditLogInput> }) {
  return listAuditLog(
    ctx.db,
    { accountId: input.accountId ?? undefined, actor: input.actor ?? undefined, action: input.action ?? undefined },
    { page: input.page, pageSize: input.pageSize },
  );
}
