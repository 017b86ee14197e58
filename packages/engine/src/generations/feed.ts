import type { Db, Generation } from "@vgen/db";
import { sharedQueueEtas } from "./eta";
import { generationEvents } from "./events";
import { GENERATION_COLUMNS } from "./columns";
import { generationNotFound } from "./store";
import { metrics } from "../observability";
import { logger } from "../platform";
import { toRecord } from "./public-record";
import { eventIdOf } from "./event-id";

/** Every watcher gets the record at least this often, changed or not. */
const FEED_TICK_MS = 5_000;
/** A record read this recently, with no change announced since, is a new watcher's first record. */
const FRESH_MS = 1_000;

export interface FeedRecord {
  /** The record as the API shows it, serialized once for every watcher of the generation. */
  json: string;
  modelId: string;
  /** The id of the stream event that shows this state (event-id.ts). */
  eventId: number;
  /** The record's `queue_position`: a change of it alone is a `queue` event, not a new state. */
  queuePosition: number | null;
  /** False for a test-mode generation: only a test key may follow it. */
  livemode: boolean;
  /** Its project: only a key of that project may follow it. */
  projectId: string;
  /** Completed, failed or canceled: nothing follows. */
  terminal: boolean;
}

/**
 * Receives the generation's record: a watcher's first, every tick's (changed or not), and every
 * change in between. `null`: no such generation for the watcher's account.
 */
export type FeedListener = (record: FeedRecord | null) => void;

interface Watcher {
  accountId: string;
  listener: FeedListener;
  /** Still waiting for its first record. */
  fresh: boolean;
}

interface Lookup {
  accountId: string;
  resolve: (record: FeedRecord | null) => void;
  reject: (err: unknown) => void;
}

interface Watched {
  watchers: Set<Watcher>;
  lookups: Lookup[];
  /** The last read (undefined before the first); null when the row does not exist. */
  current: { accountId: string; record: FeedRecord } | null | undefined;
  readAt: number;
  /** A change was announced since the last read. */
  stale: boolean;
  /** The last read differs from the one before. */
  changed: boolean;
  unsubscribe: () => void;
  /** A pass has read it (a change notification may have been missed before LISTEN was in place). */
  read: boolean;
}

/**
 * The live records of the generations someone is looking at, for the whole process: one read
 * per tick for all of them (not one per stream), one read for each burst of changes, new streams
 * or lookups, however many there are, and a fresh read shared by everyone who asks within a second.
 * Reads never overlap; what arrives meanwhile joins the next one.
 */
export class GenerationFeed {
  private watched = new Map<string, Watched>();
  /** Generations to serve in the next pass (new watchers, lookups, change notifications). */
  private wanted = new Set<string>();
  private tickDue = false;
  private passScheduled = false;
  private reading = false;
  private ticker: NodeJS.Timeout | null = null;
  private readonly etas: ReturnType<typeof sharedQueueEtas>;

  constructor(
    private readonly db: Db,
    private readonly tickMs = FEED_TICK_MS,
    /** Told the number of generations followed whenever it changes (the process's feed: a gauge). */
    private readonly onSize: (size: number) => void = () => {},
  ) {
    this.etas = sharedQueueEtas(db, FRESH_MS);
  }

  /**
   * Starts delivering the generation's record to `listener` (never synchronously); returns the
   * function that stops it. `hasFirst`: the watcher already has its first record (from `peek`),
   * so no read is needed for it.
   */
  watch(generationId: string, accountId: string, listener: FeedListener, hasFirst = false): () => void {
    const watcher: Watcher = { accountId, listener, fresh: !hasFirst };
    this.entry(generationId).watchers.add(watcher);
    if (!hasFirst) this.want(generationId);
    return () => this.unwatch(generationId, watcher);
  }

  /** The record from a read of the last second (undefined when there is none): a new stream's first event. */
  peek(generationId: string, accountId: string): FeedRecord | null | undefined {
    const entry = this.watched.get(generationId);
    return entry && this.isFresh(entry) ? visible(entry.current, accountId) : undefined;
  }

  /** The generation's record as the account sees it, or null when it has no such generation. */
  lookup(generationId: string, accountId: string): Promise<FeedRecord | null> {
    const entry = this.entry(generationId);
    if (this.isFresh(entry)) return Promise.resolve(visible(entry.current, accountId));
    return new Promise((resolve, reject) => {
      entry.lookups.push({ accountId, resolve, reject });
      this.want(generationId);
    });
  }

  /** Generations followed right now. */
  get size(): number {
    return this.watched.size;
  }

  private entry(generationId: string): Watched {
    let entry = this.watched.get(generationId);
    if (!entry) {
      entry = {
        watchers: new Set(),
        lookups: [],
        current: undefined,
        readAt: 0,
        stale: false,
        changed: false,
        unsubscribe: () => {},
        read: false,
      };
      this.watched.set(generationId, entry);
      this.onSize(this.watched.size);
      this.subscribe(generationId, entry);
      this.ticker ??= setInterval(() => this.tick(), this.tickMs).unref();
    }
    return entry;
  }

  private isFresh(entry: Watched): boolean {
    return entry.current !== undefined && !entry.stale && Date.now() - entry.readAt < FRESH_MS;
  }

  private unwatch(generationId: string, watcher: Watcher) {
    const entry = this.watched.get(generationId);
    if (entry?.watchers.delete(watcher)) this.dropIfUnused(generationId, entry);
  }

  private dropIfUnused(generationId: string, entry: Watched) {
    if (entry.watchers.size > 0 || entry.lookups.length > 0 || this.watched.get(generationId) !== entry) return;
    entry.unsubscribe();
    this.watched.delete(generationId);
    this.onSize(this.watched.size);
    this.wanted.delete(generationId);
    if (this.watched.size === 0 && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  private subscribe(generationId: string, entry: Watched) {
    const onChange = () => {
      entry.stale = true;
      this.want(generationId);
    };
    // When the process already listens, this resolves before the first read is sent; otherwise a
    // change may land between that read and LISTEN, so read once more after it.
    generationEvents()
      .subscribe(generationId, onChange)
      .then(
        (off) => {
          if (this.watched.get(generationId) !== entry) return off();
          entry.unsubscribe = off;
          if (entry.read) onChange();
        },
        // Without change notifications the tick still delivers every state, terminal included.
        (err: unknown) => logger.warn({ err, generationId }, "generation feed could not subscribe to changes; polling only"),
      );
  }

  private want(generationId: string) {
    this.wanted.add(generationId);
    this.schedulePass();
  }

  private tick() {
    // A looked-up generation stays until here, so that the stream opened right after the lookup
    // starts from that read; one that never became a stream (the request failed) is forgotten.
    for (const [id, entry] of this.watched) this.dropIfUnused(id, entry);
    this.tickDue = true;
    this.schedulePass();
  }

  /** One pass per turn of the event loop at most, so that what arrives together is read together. */
  private schedulePass() {
    if (this.passScheduled || this.reading) return;
    this.passScheduled = true;
    setImmediate(() => {
      this.passScheduled = false;
      void this.pass();
    });
  }

  private async pass() {
    const tick = this.tickDue;
    const ids = tick ? [...this.watched.keys()] : [...this.wanted].filter((id) => this.watched.has(id));
    this.tickDue = false;
    this.wanted.clear();
    const stale = tick ? ids : ids.filter((id) => !this.isFresh(this.watched.get(id)!));
    this.reading = true;
    try {
      if (stale.length > 0) await this.read(stale);
      for (const id of ids) this.deliver(id, tick);
    } catch (err) {
      // The next tick reads every watched generation again; fresh watchers still get their first record then.
      logger.warn({ err, generations: stale.length }, "generation feed read failed");
      for (const id of stale) this.failLookups(id, err);
    } finally {
      this.reading = false;
      if (this.tickDue || this.wanted.size > 0) this.schedulePass();
    }
  }

  private async read(ids: string[]) {
    for (const id of ids) this.watched.get(id)!.read = true;
    const rows = await readGenerations(this.db, ids);
    const etas = await this.etas(rows);
    const readAt = Date.now();
    const found = new Map<string, Watched["current"]>();
    rows.forEach((row, i) => {
      const record = toRecord(row, etas[i]!);
      found.set(row.id, {
        accountId: row.accountId,
        record: {
          json: JSON.stringify(record),
          modelId: row.modelId,
          eventId: eventIdOf(record),
          queuePosition: record.queue_position,
          livemode: row.livemode,
          projectId: row.projectId,
          terminal: record.status !== "processing",
        },
      });
    });
    for (const id of ids) {
      const entry = this.watched.get(id);
      if (!entry) continue;
      const next = found.get(id) ?? null;
      entry.changed =
        entry.current === undefined ||
        next?.record.json !== entry.current?.record.json ||
        next?.accountId !== entry.current?.accountId;
      entry.current = next;
      entry.readAt = readAt;
      entry.stale = false;
    }
  }

  /** To every watcher on a tick; otherwise to new watchers, and to all of them when the record changed. */
  private deliver(generationId: string, tick: boolean) {
    const entry = this.watched.get(generationId);
    if (!entry || entry.current === undefined) return;
    const current = entry.current;
    for (const lookup of entry.lookups.splice(0)) lookup.resolve(visible(current, lookup.accountId));
    const changed = entry.changed;
    entry.changed = false;
    for (const watcher of entry.watchers) {
      if (!tick && !changed && !watcher.fresh) continue;
      watcher.fresh = false;
      try {
        watcher.listener(visible(current, watcher.accountId));
      } catch (err) {
        logger.warn({ err, generationId }, "generation feed listener failed");
      }
    }
  }

  private failLookups(generationId: string, err: unknown) {
    const entry = this.watched.get(generationId);
    if (!entry) return;
    for (const lookup of entry.lookups.splice(0)) lookup.reject(err);
    this.dropIfUnused(generationId, entry);
  }
}

function visible(current: Watched["current"], accountId: string): FeedRecord | null {
  return current && current.accountId === accountId ? current.record : null;
}

/** Many generations by id in one statement, shaped as the Prisma model. */
function readGenerations(db: Db, ids: string[]): Promise<Generation[]> {
  return db.$queryRaw<Generation[]>`SELECT ${GENERATION_COLUMNS} FROM generations WHERE id = ANY(${ids}::text[])`;
}

/**
 * An account's generation of the caller's mode as its streams will show it, from the feed's shared
 * read; generation_not_found otherwise (a test key never follows a live generation, nor the reverse).
 */
export async function liveRecordForAccount(
  db: Db,
  accountId: string,
  generationId: string,
  livemode: boolean,
  /** A key's project: another project's generation is indistinguishable from a missing one. */
  projectId?: string,
): Promise<FeedRecord> {
  const record = await generationFeed(db).lookup(generationId, accountId);
  if (!record || record.livemode !== livemode) throw generationNotFound(generationId);
  if (projectId !== undefined && record.projectId !== projectId) throw generationNotFound(generationId);
  return record;
}

const globalFeed = globalThis as unknown as { __vgenGenerationFeed?: GenerationFeed };

/**
 * The process's feed. It lives on globalThis so that the copy of this module Next.js bundles into
 * route handlers and the one server.ts loads share one ticker and one read per pass.
 */
export function generationFeed(db: Db): GenerationFeed {
  globalFeed.__vgenGenerationFeed ??= new GenerationFeed(db, FEED_TICK_MS, (size) => metrics().watchedGenerations.set(size));
  return globalFeed.__vgenGenerationFeed;
}
