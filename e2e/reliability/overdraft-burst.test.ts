// Drill: 60 concurrent creates on an account whose balance covers exactly 5. Exactly 5 are accepted,
// every other one is refused with the catalog's `402 insufficient_balance` (never a 500, never an
// overdraft), and once the accepted ones finish the money invariants hold.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@vgen/db";
import { startApp, type RunningApp } from "../support/app-process";
import { NO_VIOLATIONS, checkMoneyInvariants, waitForNoneProcessing } from "../support/invariants";
import { drillAccount } from "../support/drill";
import { drillDb, postCreate } from "../support/keyed-requests";

const BURST = 60;
const COVERED = 5;
const body = { model: "gen-3.1-fast", prompt: "overdraft drill", duration: 1, stream: false };
const COST = 600_000n; // gen-3.1-fast bills at least 4 s at $0.15/s
const { DATABASE_URL: _external, ...baseEnv } = process.env;

describe("60 concurrent creates on an account that covers 5", () => {
  let app: RunningApp | undefined;
  let db: Db | undefined;
  const figures: Record<string, number | string> = {};

  afterAll(async () => {
    await db?.$disconnect();
    if (app) {
      await app.stop();
      rmSync(app.dataDir, { recursive: true, force: true });
    }
    console.log(`[overdraft-burst] ${JSON.stringify(figures)}`);
  });

  it("accepts exactly 5, refuses the rest with 402 insufficient_balance, no 500", async () => {
    app = await startApp({ env: { ...baseEnv, LOG_LEVEL: "warn" }, label: "overdraft" });
    db = drillDb(app.databaseUrl);
    // The model's own rate limit would refuse part of the burst first (429); the balance is what is drilled here.
    await db.catalogModel.update({ where: { id: body.model }, data: { rateLimitQps: 1000 } });
    const account = await drillAccount(db, app.baseUrl, { balanceMicros: COST * BigInt(COVERED), tag: "overdraft" });

    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: BURST }, () => postCreate(app!.baseUrl, account, body)));
    figures.burstMs = Date.now() - started;
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    figures.statuses = JSON.stringify(Object.fromEntries(byStatus));

    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status !== 202);
    expect(accepted).toHaveLength(COVERED);
    for (const r of refused) {
      expect(r.status).toBe(402);
      expect(r.body.error).toMatchObject({ code: "insufficient_balance", type: expect.any(String), doc_url: expect.any(String) });
    }
    expect(new Set(accepted.map((a) => a.body.id)).size).toBe(COVERED);
    const afterBurst = await db.account.findUniqueOrThrow({ where: { id: account.id } });
    expect(afterBurst.balanceMicros).toBe(0n);
    expect(await db.generation.count({ where: { accountId: account.id } })).toBe(COVERED);
    expect(await db.ledgerEntry.count({ where: { accountId: account.id, type: "hold" } })).toBe(COVERED);

    expect(await waitForNoneProcessing(app.databaseUrl, [account.id], 240_000)).toBe(0);
    const report = await checkMoneyInvariants(app.databaseUrl, [account.id]);
    Object.assign(
      figures,
      { accepted: accepted.length, refused: refused.length, fiveHundreds: answers.filter((a) => a.status >= 500).length },
      report,
    );
    expect(report).toEqual(NO_VIOLATIONS);
  });
});
