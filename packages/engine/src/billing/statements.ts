// Monthly usage statements: per model, the generations charged in the month, their billed
// seconds and the spend (charges less refunds), from the ledger. Generated on demand and stored as
// an Invoice of kind usage_statement, one per account and period (regenerating updates the total).
import { newId, type Db, type Invoice } from "@vgen/db";
import { withUniqueNumber } from "./invoices";

interface StatementLine {
  model: string;
  generations: number;
  billedSeconds: number;
  spendMicros: bigint;
}

export interface StatementUsage {
  period: string;
  from: Date;
  /** Exclusive. */
  to: Date;
  lines: StatementLine[];
  totalGenerations: number;
  totalBilledSeconds: number;
  totalSpendMicros: bigint;
}

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function periodOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

export function periodBounds(period: string): { from: Date; to: Date } {
  const m = PERIOD.exec(period);
  if (!m) throw new Error(`Not a period (YYYY-MM): ${period}`);
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1;
  return { from: new Date(Date.UTC(y, mo, 1)), to: new Date(Date.UTC(y, mo + 1, 1)) };
}

/** The months an account can have a statement for: from its creation to now, newest first. */
export function statementPeriods(accountCreatedAt: Date, now = new Date(), max = 24): string[] {
  const out: string[] = [];
  let y = now.getUTCFullYear();
  let m = now.getUTCMonth();
  const stop = accountCreatedAt.getUTCFullYear() * 12 + accountCreatedAt.getUTCMonth();
  while (y * 12 + m >= stop && out.length < max) {
    out.push(`${y}-${String(m + 1).padStart(2, "0")}`);
    m -= 1;
    if (m < 0) {
      m = 11;
      y -= 1;
    }
  }
  return out;
}

async function usageForPeriod(db: Db, accountId: string, period: string): Promise<StatementUsage> {
  const { from, to } = periodBounds(period);
  const rows = await db.$queryRaw<
    { model_id: string; generations: bigint; billed_seconds: bigint | null; spend: bigint | null }[]
  >`
    SELECT g.model_id,
           COUNT(*) FILTER (WHERE l.type = 'charge') AS generations,
           SUM(CASE WHEN l.type = 'charge' THEN g.billed_seconds ELSE 0 END)::bigint AS billed_seconds,
           (-SUM(l.amount_micros))::bigint AS spend
    FROM ledger_entries l
    JOIN generations g ON g.id = l.generation_id
    WHERE l.account_id = ${accountId} AND l.type IN ('charge', 'refund')
      AND l.created_at >= ${from} AND l.created_at < ${to}
    GROUP BY g.model_id
    ORDER BY g.model_id`;
  const lines = rows.map((r) => ({
    model: r.model_id,
    generations: Number(r.generations),
    billedSeconds: Number(r.billed_seconds ?? 0n),
    spendMicros: BigInt(r.spend ?? 0n),
  }));
  return {
    period,
    from,
    to,
    lines,
    totalGenerations: lines.reduce((s, l) => s + l.generations, 0),
    totalBilledSeconds: lines.reduce((s, l) => s + l.billedSeconds, 0),
    totalSpendMicros: lines.reduce((s, l) => s + l.spendMicros, 0n),
  };
}

/** Creates or refreshes the statement for a month; returns it with its usage lines. */
export async function generateStatement(
  db: Db,
  accountId: string,
  period: string,
): Promise<{ invoice: Invoice; usage: StatementUsage }> {
  const usage = await usageForPeriod(db, accountId, period);
  const existing = await db.invoice.findUnique({
    where: { accountId_kind_period: { accountId, kind: "usage_statement", period } },
  });
  if (existing) {
    const invoice =
      existing.amountMicros === usage.totalSpendMicros
        ? existing
        : await db.invoice.update({ where: { id: existing.id }, data: { amountMicros: usage.totalSpendMicros } });
    return { invoice, usage };
  }
  try {
    const invoice = await withUniqueNumber(db, "usage_statement", (number) =>
      db.invoice.create({
        data: { id: newId("inv"), accountId, kind: "usage_statement", amountMicros: usage.totalSpendMicros, number, period },
      }),
    );
    return { invoice, usage };
  } catch (err) {
    // Generated twice at once: the other request's statement stands.
    const other = await db.invoice.findUnique({
      where: { accountId_kind_period: { accountId, kind: "usage_statement", period } },
    });
    if (other) return { invoice: other, usage };
    throw err;
  }
}
