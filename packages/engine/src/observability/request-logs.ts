// An account's own API requests, as the request log writer stored them: listed newest first with
// filters, one at a time for its detail, and deleted past the retention period.
import type { Db, Prisma, RequestLog } from "@vgen/db";
import { decodeCursor, deleteInBatches, olderThan, pageOf } from "../platform";
import type { ApiRouteTemplate } from "@vgen/contracts";

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export interface RequestLogFilter {
  statusClass?: StatusClass | null;
  /** Only requests answered with an error (4xx or 5xx). */
  errorsOnly?: boolean;
  apiKeyId?: string | null;
  /** Only requests made with the keys of this project of the account. */
  projectId?: string | null;
  /** One of the API's route templates; `:id` matches any one path segment. */
  operation?: ApiRouteTemplate | null;
  /** Inclusive lower bound. */
  from?: Date | null;
  /** Exclusive upper bound. */
  to?: Date | null;
  /** Live requests (the default) or those made with test keys (the dashboard's test mode): never both. */
  livemode?: boolean;
}

type BodyFields = "requestBody" | "requestBodyTruncated" | "responseBody" | "responseBodyTruncated";

/** What a request log row shows its account in a list (the account id itself is implied). */
export type RequestLogEntry = Omit<RequestLog, "accountId" | BodyFields>;

/** One request with its stored (redacted, capped) bodies: the detail page's. */
type RequestLogDetail = Omit<RequestLog, "accountId">;

const ENTRY_FIELDS = {
  id: true,
  requestId: true,
  apiKeyId: true,
  modelId: true,
  generationId: true,
  method: true,
  path: true,
  status: true,
  errorCode: true,
  latencyMs: true,
  livemode: true,
  createdAt: true,
} satisfies Prisma.RequestLogSelect;

const DETAIL_FIELDS = {
  ...ENTRY_FIELDS,
  requestBody: true,
  requestBodyTruncated: true,
  responseBody: true,
  responseBodyTruncated: true,
} satisfies Prisma.RequestLogSelect;

function statusWhere(statusClass: StatusClass): Prisma.IntFilter {
  const hundreds = Number(statusClass[0]) * 100;
  return { gte: hundreds, lt: hundreds + 100 };
}

/** A template's paths: the template itself, or (one `:param` segment) what starts and ends like it. */
function operationWhere(operation: ApiRouteTemplate): Prisma.RequestLogWhereInput {
  const [head, tail] = operation.split(/:[a-z]+/);
  if (tail === undefined) return { path: operation };
  return { AND: [{ path: { startsWith: head } }, { path: { endsWith: tail } }] };
}

function whereFor(accountId: string, f: RequestLogFilter, projectKeyIds: string[] | null): Prisma.RequestLogWhereInput {
  return {
    accountId,
    ...(projectKeyIds ? { AND: [{ apiKeyId: { in: projectKeyIds } }] } : {}),
    livemode: f.livemode ?? true,
    ...(f.statusClass ? { status: statusWhere(f.statusClass) } : f.errorsOnly ? { status: { gte: 400 } } : {}),
    ...(f.apiKeyId ? { apiKeyId: f.apiKeyId } : {}),
    ...(f.operation ? operationWhere(f.operation) : {}),
    ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } } : {}),
  };
}

/** One page of the account's requests, newest first, keyset-paginated on (created_at, id). */
export async function listRequestLogs(
  db: Db,
  accountId: string,
  opts: { filter?: RequestLogFilter; limit?: number; cursor?: string | null } = {},
): Promise<{ data: RequestLogEntry[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(opts.limit ?? 25, 1), 100);
  const after = opts.cursor ? decodeCursor(opts.cursor, "req") : null;
  const filter = opts.filter ?? {};
  // Request logs name the key, not its project: a project's requests are those of its keys (of this account).
  const projectKeyIds = filter.projectId
    ? (await db.apiKey.findMany({ where: { accountId, projectId: filter.projectId }, select: { id: true } })).map((k) => k.id)
    : null;
  const rows = await db.requestLog.findMany({
    where: { AND: [whereFor(accountId, filter, projectKeyIds), olderThan(after)] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: ENTRY_FIELDS,
  });
  return pageOf(rows, limit);
}

/** One request of the account with its bodies, or null (another account's request is as absent as an unknown one). */
export function getRequestLog(db: Db, accountId: string, id: string): Promise<RequestLogDetail | null> {
  return db.requestLog.findFirst({ where: { id, accountId }, select: DETAIL_FIELDS });
}

const DELETE_BATCH = 5_000;

/** Deletes request logs older than `retentionDays` (every account's) with their bodies, in batches; returns how many went. */
export function deleteExpiredRequestLogs(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  return deleteInBatches(
    DELETE_BATCH,
    (limit) => db.$executeRaw`
      DELETE FROM request_logs WHERE id IN (SELECT id FROM request_logs WHERE created_at < ${before} LIMIT ${limit})`,
  );
}
