// The dashboard's ledger lines: a generation's hold, release, charge and refund are one line whose
// amount is what it cost, other movements stay single lines, and cursor pages never split a group.
import { describe, expect, it } from "vitest";
import { newId, type LedgerType } from "@vgen/db";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { listLedgerLines, type LedgerLine } from "../src/billing/index";

describe.skipIf(!testDatabaseUrl)("grouped ledger lines", () => {
  const db = useTestDb(2);
  const at = (minute: number, ms = 0) => new Date(Date.UTC(2026, 6, 1, 12, minute, 0, ms));

  async function account() {
    const id = newId("acct");
    await db().account.create({ data: { id, email: `${id}@ledger-lines.test`, webhookSecret: "whsec_test" } });
    return id;
  }

  async function generation(accountId: string, createdAt: Date) {
    const id = newId("vid");
    await db().generation.create({
      data: {
        id,
        accountId,
        modelId: "gen-3.1-fast",
        status: "completed",
        prompt: "lines",
        duration: 4,
        size: "720p",
        aspectRatio: "16:9",
        width: 1280,
        height: 720,
        urls: [],
        priceMicrosPerSecond: 150_000n,
        billedSeconds: 4,
        costMicros: 600_000n,
        queue: "standard",
        seed: 1,
        etaSecondsAtAccept: 10,
        createdAt,
      },
    });
    return id;
  }

  let balance = 0n;
  async function entry(accountId: string, type: LedgerType, amountMicros: bigint, createdAt: Date, generationId?: string) {
    balance += amountMicros;
    await db().ledgerEntry.create({
      data: {
        id: newId("led"),
        accountId,
        type,
        amountMicros,
        balanceAfterMicros: balance,
        generationId: generationId ?? null,
        reference: generationId ?? type,
        createdAt,
      },
    });
  }

  /** A generation whose hold, release and charge come at `minute`, and `extra` after. */
  async function charged(accountId: string, minute: number, costMicros: bigint) {
    const id = await generation(accountId, at(minute));
    await entry(accountId, "hold", -costMicros, at(minute), id);
    await entry(accountId, "hold_release", costMicros, at(minute + 1), id);
    await entry(accountId, "charge", -costMicros, at(minute + 1), id);
    return id;
  }

  /** The account's history: a top-up, a charged, a refunded and a released generation, a grant between. */
  async function history() {
    const acct = await account();
    await entry(acct, "top_up", 5_000_000n, at(0));
    const first = await charged(acct, 1, 600_000n);
    const refunded = await charged(acct, 3, 450_000n);
    await entry(acct, "test_credit", 1_000_000n, at(4, 500));
    // The refund comes long after: the line stays where its generation started.
    await entry(acct, "refund", 450_000n, at(30), refunded);
    const released = await generation(acct, at(6));
    await entry(acct, "hold", -300_000n, at(6), released);
    await entry(acct, "hold_release", 300_000n, at(7), released);
    await entry(acct, "adjustment", -100_000n, at(8));
    return { acct, first, refunded, released };
  }

  const label = (l: LedgerLine) =>
    l.kind === "entry" ? [l.entry.type, l.entry.amountMicros] : [l.outcome, l.netMicros, l.entries.map((e) => e.type).join(",")];

  it("reads a generation's movements as one line, net of what it cost, and other movements alone", async () => {
    const { acct, first, refunded, released } = await history();
    const page = await listLedgerLines(db(), acct);
    expect(page.nextCursor).toBeNull();
    expect(page.lines.map(label)).toEqual([
      ["adjustment", -100_000n],
      ["released", 0n, "hold,hold_release"],
      ["test_credit", 1_000_000n],
      ["refunded", 0n, "hold,hold_release,charge,refund"],
      ["charged", -600_000n, "hold,hold_release,charge"],
      ["top_up", 5_000_000n],
    ]);
    expect(page.lines.flatMap((l) => (l.kind === "generation" ? [l.generationId] : []))).toEqual([released, refunded, first]);
    // The lines sum to the ledger, entry for entry.
    const all = await db().ledgerEntry.findMany({ where: { accountId: acct } });
    const shown = page.lines.flatMap((l) => (l.kind === "entry" ? [l.entry] : l.entries));
    expect(shown.map((e) => e.id).sort()).toEqual(all.map((e) => e.id).sort());
    const net = page.lines.reduce((sum, l) => sum + (l.kind === "entry" ? l.entry.amountMicros : l.netMicros), 0n);
    expect(net).toBe(all.reduce((sum, e) => sum + e.amountMicros, 0n));
  });

  it("pages by line: every page size walks every line once, and no group is split across pages", async () => {
    const { acct } = await history();
    const whole = (await listLedgerLines(db(), acct)).lines.map(label);
    for (const limit of [1, 2, 4, 5]) {
      const walked: ReturnType<typeof label>[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof listLedgerLines>> = await listLedgerLines(db(), acct, { limit, cursor });
        expect(page.lines.length).toBeLessThanOrEqual(limit);
        walked.push(...page.lines.map(label));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked).toEqual(whole);
    }
  });

  it("filters lines by type (a generation's line when any of its entries matches) and by its start day", async () => {
    const { acct } = await history();
    const byType = async (types: LedgerType[]) => (await listLedgerLines(db(), acct, { filter: { types } })).lines.map(label);
    expect(await byType(["refund"])).toEqual([["refunded", 0n, "hold,hold_release,charge,refund"]]);
    expect((await byType(["charge"])).map((l) => l[0])).toEqual(["refunded", "charged"]);
    expect(await byType(["top_up", "adjustment"])).toEqual([
      ["adjustment", -100_000n],
      ["top_up", 5_000_000n],
    ]);
    const windowed = await listLedgerLines(db(), acct, { filter: { from: at(3), to: at(7) } });
    expect(windowed.lines.map((l) => (l.kind === "entry" ? l.entry.type : l.outcome))).toEqual([
      "released",
      "test_credit",
      "refunded",
    ]);
  });

  it("shows an account only its own lines", async () => {
    const { acct } = await history();
    const other = await account();
    await charged(other, 2, 600_000n);
    const mine = await listLedgerLines(db(), acct);
    expect(mine.lines.every((l) => (l.kind === "entry" ? l.entry : l.entries[0]!).accountId === acct)).toBe(true);
    expect((await listLedgerLines(db(), other)).lines.map(label)).toEqual([["charged", -600_000n, "hold,hold_release,charge"]]);
  });
});
