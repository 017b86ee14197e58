import { isId, type GenerationStatus } from "@vgen/contracts";
import type { Db, Generation, Prisma } from "@vgen/db";
import { dayRange, decodeCursor, olderThan, pageOf } from "../platform";
import { outputsOf, publicUrlFor } from "../storage";
import { outputExpired } from "./retention";

/** The source filter's value for generations made in the dashboard (no API key). */
export const PLAYGROUND_SOURCE = "playground";

/** What the dashboard's generation list can be narrowed by; every field is optional. */
export interface GenerationQuery {
  status?: GenerationStatus | null;
  modelId?: string | null;
  /** An API key id, or PLAYGROUND_SOURCE for the generations made without a key. */
  source?: string | null;
  /** First day included (UTC, YYYY-MM-DD). */
  from?: string | null;
  /** Last day included (UTC, YYYY-MM-DD). */
  to?: string | null;
  /** A generation id (`vid_…`) finds that generation; any other text is looked for in the prompt. */
  search?: string | null;
  /** One project's generations (docs/api.md#projects). */
  projectId?: string | null;
  /** Live generations (the default) or test-mode ones (the dashboard's test mode): never both. */
  livemode?: boolean;
}

/** What a history row reads besides the generation: its key's name and its refund, if staff made one. */
export const HISTORY_INCLUDE = {
  apiKey: { select: { name: true } },
  // (generation_id, type) is unique: at most one refund entry.
  ledger: { where: { type: "refund" }, select: { amountMicros: true } },
} satisfies Prisma.GenerationInclude;

export type GenerationListRow = Generation & {
  apiKey: { name: string } | null;
  /** The generation's refund entry, if any (never its other ledger entries). */
  ledger: { amountMicros: bigint }[];
};

/** `%`, `_` and `\` typed into the search box are literal characters, never LIKE wildcards. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchWhere(search: string): Prisma.GenerationWhereInput {
  if (isId("vid", search)) return { id: search };
  return { prompt: { contains: likeLiteral(search), mode: "insensitive" } };
}

/**
 * The conditions of a query, always inside one account. Status, model and key are columns of the
 * (account_id, created_at desc, id desc, status, model_id, api_key_id, …) index, so the newest-first
 * scan checks them without visiting rows it then throws away.
 */
function whereFor(accountId: string, query: GenerationQuery): Prisma.GenerationWhereInput {
  const { from, to } = dayRange(query);
  const search = query.search?.trim();
  return {
    accountId,
    livemode: query.livemode ?? true,
    ...(query.status ? { status: query.status } : {}),
    ...(query.modelId ? { modelId: query.modelId } : {}),
    ...(query.projectId ? { projectId: query.projectId } : {}),
    ...(query.source ? { apiKeyId: query.source === PLAYGROUND_SOURCE ? null : query.source } : {}),
    ...(from || to ? { createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
    ...(search ? searchWhere(search) : {}),
  };
}

/** One page of an account's generations matching `query`, newest first, keyset-paginated by (created_at, id). */
export async function listGenerationHistory(
  db: Db,
  accountId: string,
  opts: { query?: GenerationQuery; limit: number; cursor?: string | null },
): Promise<{ data: GenerationListRow[]; nextCursor: string | null }> {
  const after = opts.cursor ? decodeCursor(opts.cursor, "vid") : null;
  const rows = await db.generation.findMany({
    where: { AND: [whereFor(accountId, opts.query ?? {}), olderThan(after)] },
    include: HISTORY_INCLUDE,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: opts.limit + 1,
  });
  return pageOf(rows, opts.limit);
}

/** What the dashboard shows of a generation: its inputs, states and money, never route or upstream internals. */
export function historyView(g: GenerationListRow) {
  // An expired output's files are gone (or about to be): no URLs, so no page shows a broken player or thumbnail.
  const kept = g.status === "completed" && !outputExpired(g, new Date());
  const outputs = outputsOf(g);
  const first = outputs[0];
  return {
    id: g.id,
    status: g.status,
    modelId: g.modelId,
    prompt: g.prompt,
    duration: g.duration,
    size: g.size,
    aspectRatio: g.aspectRatio,
    width: g.width,
    height: g.height,
    firstFrameUrl: g.firstFrameUrl,
    lastFrameUrl: g.lastFrameUrl,
    urls: g.urls,
    webhookUrl: g.webhookUrl,
    priceMicrosPerSecond: g.priceMicrosPerSecond,
    billedSeconds: g.billedSeconds,
    costMicros: g.costMicros,
    /** What staff gave back of the charge; null when nothing was refunded. */
    refundedMicros: g.ledger[0]?.amountMicros ?? null,
    progress: g.progress,
    errorCode: g.errorCode,
    errorMessage: g.errorMessage,
    outputUrl: kept && first ? publicUrlFor(first.key) : null,
    /** The output's poster frame (JPEG), when one was made. */
    posterUrl: kept && first?.poster_key ? publicUrlFor(first.poster_key) : null,
    /** Every output (several when the request asked for `n`), for the detail view. */
    outputs: kept
      ? outputs.map((o) => ({ url: publicUrlFor(o.key), posterUrl: o.poster_key ? publicUrlFor(o.poster_key) : null }))
      : [],
    /** When the output and poster are (or were) deleted; null until completed. */
    expiresAt: g.status === "completed" ? g.expiresAt : null,
    outputExpired: g.status === "completed" && !kept,
    /** The API key's name, or null when it was made in the playground. */
    apiKeyName: g.apiKey?.name ?? null,
    livemode: g.livemode,
    /** The chain links both ways (docs/api.md#extending-a-clip) and, for a join, the clips it joins. */
    extendedFrom: g.extendedFrom,
    extensions: g.extensions,
    concatOf: g.concatOf,
    createdAt: g.createdAt,
    startedAt: g.startedAt,
    completedAt: g.completedAt,
  };
}
