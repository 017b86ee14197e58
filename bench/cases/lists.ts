/**
 * Dashboard lists and statistics at scale: 1,000,000 rows in generations, ledger_entries and
 * request_logs (40% of them one heavy account's, the rest spread over 5,000 accounts, 90 days).
 * Times the engine's own functions for the heavy account (usage statistics over the dashboard's
 * default range, ledger and generation lists first and deep pages, webhook deliveries) against a
 * floor: the very SQL those calls sent, run back to back on a bare node-postgres connection.
 */
import { createRequire } from "node:module";
import type { BenchCase, BenchContext, BenchRow } from "../lib/types";
import { createDb, PrismaClient, type Db } from "../../packages/db/src/index";
import { applyMigrations } from "../../packages/db/src/migrate/apply";
import { seedCatalog } from "../../packages/db/src/seed";
import { listGenerations } from "../../packages/engine/src/generations/store";
import { encodeCursor } from "../../packages/engine/src/platform/keyset";
import { encodeLedgerCursor, listLedgerEntries } from "../../packages/engine/src/billing/ledger-entries";
import { usageStats } from "../../packages/engine/src/billing/usage-stats";
import { listDeliveries } from "../../packages/engine/src/delivery/deliveries";
import { HEAVY_ACCOUNT, seedLists } from "./lists-seed";

const TARGET_MS = 100;

interface Statement {
  sql: string;
  params: unknown[];
}

interface Op {
  name: string;
  /** Whether the target applies (the dashboard's defaults), or the row is for information. */
  targeted: boolean;
  call(db: Db): Promise<unknown>;
}

interface BareClient {
  connect(): Promise<void>;
  query(text: string, values: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}
type Adapter = NonNullable<NonNullable<ConstructorParameters<typeof PrismaClient>[0]>["adapter"]>;

/** node-postgres and the Prisma pg adapter, resolved the way @vgen/db resolves them (bench has no package of its own). */
function dbPackageModules() {
  const req = createRequire(new URL("../../packages/db/package.json", import.meta.url));
  return {
    pg: req("pg") as { Client: new (config: { connectionString: string }) => BareClient },
    PrismaPg: (req("@prisma/adapter-pg") as { PrismaPg: new (config: { connectionString: string; max: number }) => Adapter })
      .PrismaPg,
  };
}

function quantile(samples: number[], q: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** The operations, with deep cursors three quarters into the heavy account's history. */
async function operations(db: Db, heavyRows: number): Promise<Op[]> {
  const depth = Math.floor(heavyRows * 0.75);
  const [deepGeneration] = await db.generation.findMany({
    where: { accountId: HEAVY_ACCOUNT },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: depth,
    take: 1,
    select: { createdAt: true, id: true },
  });
  const [deepEntry] = await db.ledgerEntry.findMany({
    where: { accountId: HEAVY_ACCOUNT },
    orderBy: [{ createdAt: "desc" }, { type: "desc" }, { id: "desc" }],
    skip: depth,
    take: 1,
    select: { createdAt: true, type: true, id: true },
  });
  const [deepDelivery] = await db.webhookDelivery.findMany({
    where: { accountId: HEAVY_ACCOUNT },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: Math.floor(depth / 2),
    take: 1,
    select: { createdAt: true, id: true },
  });
  if (!deepGeneration || !deepEntry || !deepDelivery) throw new Error("lists bench: the seed left the heavy account too small");
  const generationCursor = encodeCursor(deepGeneration);
  const ledgerCursor = encodeLedgerCursor(deepEntry);
  const deliveryCursor = encodeCursor(deepDelivery);
  return [
    {
      name: "usage statistics, 7 days (dashboard default)",
      targeted: true,
      call: (d) => usageStats(d, { accountId: HEAVY_ACCOUNT, days: 7 }),
    },
    { name: "ledger list, first page", targeted: true, call: (d) => listLedgerEntries(d, HEAVY_ACCOUNT, {}) },
    {
      name: "ledger list, deep page (cursor)",
      targeted: true,
      call: (d) => listLedgerEntries(d, HEAVY_ACCOUNT, { cursor: ledgerCursor }),
    },
    {
      name: "ledger list, type filter top_up",
      targeted: true,
      call: (d) => listLedgerEntries(d, HEAVY_ACCOUNT, { filter: { types: ["top_up"] } }),
    },
    { name: "generation list, first page", targeted: true, call: (d) => listGenerations(d, HEAVY_ACCOUNT, 20, null) },
    {
      name: "generation list, deep page (cursor)",
      targeted: true,
      call: (d) => listGenerations(d, HEAVY_ACCOUNT, 20, generationCursor),
    },
    { name: "webhook deliveries, first page", targeted: true, call: (d) => listDeliveries(d, HEAVY_ACCOUNT, {}) },
    {
      name: "webhook deliveries, deep page (cursor)",
      targeted: true,
      call: (d) => listDeliveries(d, HEAVY_ACCOUNT, { cursor: deliveryCursor }),
    },
    // The CSV export walks the ledger in pages of the list's maximum size, by cursor.
    {
      name: "ledger CSV export batch (200 rows), deep cursor",
      targeted: true,
      call: (d) => listLedgerEntries(d, HEAVY_ACCOUNT, { limit: 200, cursor: ledgerCursor }),
    },
    { name: "usage statistics, 30 days", targeted: false, call: (d) => usageStats(d, { accountId: HEAVY_ACCOUNT, days: 30 }) },
    { name: "usage statistics, 90 days", targeted: false, call: (d) => usageStats(d, { accountId: HEAVY_ACCOUNT, days: 90 }) },
  ];
}

async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const rows = ctx.short ? 100_000 : 1_000_000;
  const otherAccounts = ctx.short ? 1_000 : 5_000;
  const rounds = ctx.short ? 8 : 30;
  const url = await ctx.freshDatabase("lists");
  await applyMigrations(url);
  const { pg, PrismaPg } = dbPackageModules();
  const db = createDb(url, 10);
  // A second client that reports the SQL it sends, so the floor replays exactly the app's statements.
  const captured: Statement[] = [];
  const logging = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: 4 }),
    log: [{ emit: "event", level: "query" }],
  });
  logging.$on("query", (e) => captured.push({ sql: e.query, params: JSON.parse(e.params) as unknown[] }));
  const bare = new pg.Client({ connectionString: url });
  try {
    await seedCatalog(db);
    const seedStart = performance.now();
    const counts = await seedLists(db, { rows, otherAccounts, heavyShare: 0.4 });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    ctx.log(`lists: seeded ${JSON.stringify(counts)} in ${seedSeconds.toFixed(1)} s`);
    await bare.connect();

    const out: BenchRow[] = [
      {
        case: "lists",
        metric: `seed ${rows.toLocaleString("en-US")} rows per table (generate_series, indexes rebuilt, vacuum analyze)`,
        unit: "s",
        app: Number(seedSeconds.toFixed(1)),
        floor: null,
        better: "lower",
        target: null,
        met: null,
        note: `heavy account: ${counts.heavy.generations} generations, ${counts.heavy.ledger_entries} ledger entries, ${counts.heavy.request_logs} request logs`,
      },
    ];
    for (const op of await operations(db, counts.heavy.generations)) {
      captured.length = 0;
      await op.call(logging as unknown as Db);
      const statements = captured.filter((s) => !/^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(s.sql));
      const floorCall = async () => {
        for (const s of statements) await bare.query(s.sql, s.params);
      };
      for (let i = 0; i < 3; i++) {
        await op.call(db);
        await floorCall();
      }
      const app: number[] = [];
      const floor: number[] = [];
      for (let i = 0; i < rounds; i++) {
        // Alternate which goes first so neither always runs on the warmer cache.
        if (i % 2 === 0) {
          app.push(await timed(() => op.call(db)));
          floor.push(await timed(floorCall));
        } else {
          floor.push(await timed(floorCall));
          app.push(await timed(() => op.call(db)));
        }
      }
      const p95 = quantile(app, 0.95);
      const note = `${rounds} rounds, ${statements.length} statement(s); floor = the same SQL back to back on one bare pg connection${ctx.short ? "; short mode: 100k rows per table" : ""}`;
      out.push(
        {
          case: "lists",
          metric: `${op.name}: p95 latency`,
          unit: "ms",
          app: Number(p95.toFixed(2)),
          floor: Number(quantile(floor, 0.95).toFixed(2)),
          better: "lower",
          target: op.targeted ? `p95 < ${TARGET_MS} ms` : null,
          met: op.targeted ? p95 < TARGET_MS : null,
          note,
        },
        {
          case: "lists",
          metric: `${op.name}: median latency`,
          unit: "ms",
          app: Number(quantile(app, 0.5).toFixed(2)),
          floor: Number(quantile(floor, 0.5).toFixed(2)),
          better: "lower",
          target: null,
          met: null,
          note,
        },
      );
      ctx.log(
        `lists: ${op.name}: p95 ${p95.toFixed(1)} ms, median ${quantile(app, 0.5).toFixed(1)} ms (floor median ${quantile(floor, 0.5).toFixed(1)} ms)`,
      );
    }
    return out;
  } finally {
    await bare.end().catch(() => {});
    await logging.$disconnect();
    await db.$disconnect();
  }
}

const listsCase: BenchCase = { name: "lists", run };
export default listsCase;
