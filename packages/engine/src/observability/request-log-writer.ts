import type { Db } from "@vgen/db";
import { logger, isDatabaseUnavailable } from "../platform";
import { storedBody } from "./request-body";

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
  /** False for a request made with a test key: shown only in the dashboard's test mode. */
  livemode: boolean;
  createdAt: Date;
  /**
   * The JSON body as received and the JSON answer, as the wrapper already holds them (null: none, or
   * an event stream); redacted and capped when the batch is written, not on the response path.
   */
  requestBody: string | null;
  responseBody: string | null;
}

const FLUSH_EVERY_MS = 200;
const FLUSH_AT_ROWS = 500;
/** Bounded: during a long database outage the oldest unsaved rows are dropped, never memory. */
const MAX_BUFFERED_ROWS = 50_000;
/** Retry delays while the database is unavailable: doubling from the flush interval up to this. */
const MAX_RETRY_MS = 5_000;

type Store = Pick<Db, "$executeRaw">;

/**
 * Request logs leave the response path: rows are buffered and written in multi-row inserts.
 * While the database is unavailable rows stay buffered and the write is retried with backoff; they
 * are dropped only past MAX_BUFFERED_ROWS (oldest first, counted). A row the database refuses
 * (not an outage) is dropped alone, so it cannot hold back the rows behind it.
 */
export class RequestLogWriter {
  private rows: RequestLogRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private retryMs = 0;
  /** Rows lost since start: buffer overflow during an outage, or refused by the database. */
  dropped = 0;

  constructor(private readonly db: Store) {}

  get buffered(): number {
    return this.rows.length;
  }

  add(row: RequestLogRow): void {
    if (this.rows.length >= MAX_BUFFERED_ROWS) {
      this.rows.shift();
      if (this.dropped++ % 1000 === 0)
        logger.warn({ dropped: this.dropped }, "request log buffer full: dropping the oldest rows");
    }
    this.rows.push(row);
    if (this.retryMs > 0) return; // a retry is already scheduled
    if (this.rows.length >= FLUSH_AT_ROWS) void this.flush();
    else this.schedule(FLUSH_EVERY_MS);
  }

  /** Writes everything buffered; resolves when it is stored (or kept after a failure). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing) await this.flushing;
    if (this.rows.length === 0) return;
    const batch = this.rows.splice(0, FLUSH_AT_ROWS);
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
      if (this.rows.length > 0) this.schedule(this.retryMs || FLUSH_EVERY_MS);
    });
    await this.flushing;
  }

  private async write(batch: RequestLogRow[]): Promise<void> {
    try {
      await insertRows(this.db, batch);
      if (this.retryMs > 0) logger.info({ buffered: this.rows.length }, "request logs are being stored again");
      this.retryMs = 0;
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        if (this.retryMs === 0)
          logger.warn({ err: (err as Error).message }, "database unavailable: keeping request logs until it is back");
        this.retryMs = Math.min(MAX_RETRY_MS, Math.max(FLUSH_EVERY_MS, this.retryMs * 2));
        // The batch is older than what was buffered meanwhile: past the bound, its oldest rows go.
        const room = Math.max(0, MAX_BUFFERED_ROWS - this.rows.length);
        const kept = batch.slice(Math.max(0, batch.length - room));
        if (kept.length < batch.length) {
          this.dropped += batch.length - kept.length;
          logger.warn({ dropped: this.dropped }, "request log buffer full: dropping the oldest rows");
        }
        this.rows.unshift(...kept);
        return;
      }
      await this.writeOneByOne(batch);
    }
  }

  /** Finds the rows the database refuses: each is dropped (and counted), the rest stored. */
  private async writeOneByOne(batch: RequestLogRow[]): Promise<void> {
    for (const [i, row] of batch.entries()) {
      try {
        await insertRows(this.db, [row]);
      } catch (err) {
        if (isDatabaseUnavailable(err)) {
          this.rows.unshift(...batch.slice(i));
          return;
        }
        this.dropped++;
        logger.warn({ err, requestId: row.requestId, dropped: this.dropped }, "request log row refused by the database: dropped");
      }
    }
  }

  private schedule(ms: number) {
    this.timer ??= setTimeout(() => void this.flush(), ms).unref();
  }
}

/**
 * One statement whatever the batch size: the rows travel as one array per column. Prisma's
 * createMany compiles a query per batch whose cost grows with its rows (about a tenth of a poll's
 * CPU under load); an unnest insert is parsed by PostgreSQL alone.
 */
function insertRows(db: Store, rows: RequestLogRow[]) {
  const column = <T>(pick: (r: RequestLogRow) => T) => rows.map(pick);
  const requestBodies = rows.map((r) => storedBody(r.requestBody));
  const responseBodies = rows.map((r) => storedBody(r.responseBody));
  return db.$executeRaw`
    INSERT INTO request_logs (id, request_id, account_id, api_key_id, model_id, generation_id, method, path, status, error_code, latency_ms, livemode, created_at,
      request_body, request_body_truncated, response_body, response_body_truncated)
    SELECT * FROM unnest(
      ${column((r) => r.id)}::text[], ${column((r) => r.requestId)}::text[], ${column((r) => r.accountId)}::text[],
      ${column((r) => r.apiKeyId)}::text[], ${column((r) => r.modelId)}::text[], ${column((r) => r.generationId)}::text[],
      ${column((r) => r.method)}::text[], ${column((r) => r.path)}::text[], ${column((r) => r.status)}::int[],
      ${column((r) => r.errorCode)}::text[], ${column((r) => r.latencyMs)}::int[], ${column((r) => r.livemode)}::boolean[],
      ${column((r) => r.createdAt.toISOString())}::timestamp(3)[],
      ${requestBodies.map((b) => b?.text ?? null)}::text[], ${requestBodies.map((b) => b?.truncated ?? false)}::boolean[],
      ${responseBodies.map((b) => b?.text ?? null)}::text[], ${responseBodies.map((b) => b?.truncated ?? false)}::boolean[]
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
  if (writer.buffered > 0) logger.warn({ unsaved: writer.buffered }, "request logs could not be stored before shutdown");
}
