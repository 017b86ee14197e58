import pg from "pg";

/** What the money invariants found; every count must be zero after a drill. */
export interface InvariantReport {
  /** Accounts whose balance differs from the sum of their ledger. */
  balanceMismatches: number;
  /** Generations with more than one entry of one type, or a charge that does not equal their cost. */
  wrongCharges: number;
  /** Generations charged although they did not complete, or completed without a charge. */
  chargeStatusMismatches: number;
  /** Terminal generations whose hold was never released. */
  holdsLeft: number;
  /** Generations still processing. */
  stuck: number;
}

/** What checkMoneyInvariants finds when every invariant holds. */
export const NO_VIOLATIONS: InvariantReport = {
  balanceMismatches: 0,
  wrongCharges: 0,
  chargeStatusMismatches: 0,
  holdsLeft: 0,
  stuck: 0,
};

/**
 * Checks the money invariants in SQL on the given database: balance = Σ ledger, at most one charge
 * per generation (equal to its cost, only when completed), no hold left, none stuck. Pass account
 * ids to look at a drill's own accounts only.
 */
export async function checkMoneyInvariants(databaseUrl: string, accountIds?: string[]): Promise<InvariantReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const scope = accountIds ? "account_id = ANY($1::text[])" : "$1::text[] IS NULL";
  const args = [accountIds ?? null];
  const count = async (sql: string) => Number((await client.query<{ n: string }>(sql, args)).rows[0]!.n);
  try {
    return {
      balanceMismatches: await count(`
        SELECT count(*) AS n FROM accounts a
        WHERE (${scope.replace("account_id", "a.id")})
          AND a.balance_micros <> COALESCE((SELECT sum(amount_micros) FROM ledger_entries l WHERE l.account_id = a.id), 0)`),
      wrongCharges: await count(`
        SELECT count(*) AS n FROM generations g
        WHERE ${scope}
          AND (EXISTS (SELECT 1 FROM ledger_entries l WHERE l.generation_id = g.id GROUP BY l.type HAVING count(*) > 1)
            OR EXISTS (SELECT 1 FROM ledger_entries l WHERE l.generation_id = g.id AND l.type = 'charge' AND l.amount_micros <> -g.cost_micros))`),
      chargeStatusMismatches: await count(`
        SELECT count(*) AS n FROM generations g
        WHERE ${scope}
          AND (g.status = 'completed') <> EXISTS (SELECT 1 FROM ledger_entries l WHERE l.generation_id = g.id AND l.type = 'charge')`),
      holdsLeft: await count(`
        SELECT count(*) AS n FROM generations g
        WHERE ${scope} AND g.status <> 'processing'
          AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.generation_id = g.id AND l.type = 'hold_release')`),
      stuck: await count(`SELECT count(*) AS n FROM generations g WHERE ${scope} AND g.status = 'processing'`),
    };
  } finally {
    await client.end();
  }
}

/** Waits until none of the given accounts' generations is processing, or the timeout passes. */
export async function waitForNoneProcessing(databaseUrl: string, accountIds: string[], timeoutMs = 120_000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM generations WHERE account_id = ANY($1::text[]) AND status = 'processing'",
        [accountIds],
      );
      if (rows[0]!.n === "0" || Date.now() > deadline) return Number(rows[0]!.n);
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}
