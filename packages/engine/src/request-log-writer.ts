import type { Db } from "@vgen/db";
import { logger } from "./logger";

export interface RequestLogRow {
  id: string;
  requestId: string;
  accountId: string | null;
  apiKeyId: string | null;
  modelId: string | null;
  generationId: string | null;
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  latencyMs: number;
  createdAt: Date;
}

const FLUSH_EVERY_MS = 200;
const FLUSH_AT_ROWS = 500;
/** Bounded: during a long database outage the oldest unsaved rows are dropped, never memory. */
const MAX_BUFFERED_ROWS = 50_000;

/**
 * Request logs leave the response path: rows are buffered and written in multi-row inserts.
 * A failed write keeps its rows for the next flush; shutdown flushes what is left.
 */
class RequestLogWriter {
  private rows: RequestLogRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private dropped = 0;

  constructor(private readonly db: Db) {}

  add(row: RequestLogRow): void {
    if (this.rows.length >= MAX_BUFFERED_ROWS) {
      this.rows.shift();
      if (this.dropped++ % 1000 === 0) logger.error({ dropped: this.dropped }, "request log buffer full: dropping the oldest rows");
    }
    this.rows.push(row);
    if (this.rows.length >= FLUSH_AT_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
  }

  /** Writes everything buffered; resolves when it is stored (or kept after a failure). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.flushing) await this.flushing;
    if (this.rows.length === 0) return;
    const batch = this.rows.splice(0, FLUSH_AT_ROWS);
    this.flushing = insertRows(this.db, batch)
      .then(() => undefined)
      .catch((err: unknown) => {
        logger.warn({ err, rows: batch.length }, "could not store request logs; keeping them for the next flush");
        this.rows.unshift(...batch.slice(0, MAX_BUFFERED_ROWS - this.rows.length));
      })
      .finally(() => {
        this.flushing = null;
        if (this.rows.length > 0) this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
      });
    await this.flushing;
  }
}

/**
 * One statement whatever the batch size: the rows travel as one array per column. Prisma's
 * createMany compiles a query per batch whose cost grows with its rows (about a tenth of a poll's
 * CPU under load); an unnest insert is parsed by PostgreSQL alone.
 */
function insertRows(db: Db, rows: RequestLogRow[]) {
  const column = <T>(pick: (r: RequestLogRow) => T) => rows.map(pick);
  return db.$executeRaw`
    INSERT INTO request_logs (id, request_id, account_id, api_key_id, model_id, generation_id, method, path, status, error_code, latency_ms, created_at)
    SELECT * FROM unnest(
      ${column((r) => r.id)}::text[], ${column((r) => r.requestId)}::text[], ${column((r) => r.accountId)}::text[],
      ${column((r) => r.apiKeyId)}::text[], ${column((r) => r.modelId)}::text[], ${column((r) => r.generationId)}::text[],
      ${column((r) => r.method)}::text[], ${column((r) => r.path)}::text[], ${column((r) => r.status)}::int[],
      ${column((r) => r.errorCode)}::text[], ${column((r) => r.latencyMs)}::int[], ${column((r) => r.createdAt.toISOString())}::timestamp(3)[]
    )
    ON CONFLICT (id) DO NOTHING`;
}

const globalWriter = globalThis as unknown as { __vgenRequestLogWriter?: RequestLogWriter };

/** Buffers one request log row for the process's writer. */
export function bufferRequestLog(db: Db, row: RequestLogRow): void {
  globalWriter.__vgenRequestLogWriter ??= new RequestLogWriter(db);
  globalWriter.__vgenRequestLogWriter.add(row);
}

/** Stores what is buffered (shutdown, tests that read request statistics). */
export async function flushRequestLogs(): Promise<void> {
  const writer = globalWriter.__vgenRequestLogWriter;
  if (!writer) return;
  // Rows that failed once are retried here too, but shutdown does not wait on a dead database forever.
  await Promise.race([writer.flush().then(() => writer.flush()), new Promise((r) => setTimeout(r, 5_000).unref())]);
}
