import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceOf, db, ledgerSum, newAccount, waitForTerminal } from "../support/fixtures";

const create = (acct: Awaited<ReturnType<typeof newAccount>>, json: Record<string, unknown>) =>
  acct.call("/api/v1/videos/generations", { method: "POST", json: { stream: false, ...json } });

async function expectLedgerConsistent(accountId: string) {
  expect(await ledgerSum(accountId)).toBe(await balanceOf(accountId));
}

describe("minimum charge", () => {
  it("gen-3.1-pro 2 s bills 4 s = $1.920; gen-3-1080 2 s bills 3 s = $0.960", async () => {
    const acct = await newAccount({ balance: "10.00" });
    const pro = await (await create(acct, { model: "gen-3.1-pro", prompt: "pro clip", duration: 2 })).json();
    expect(pro).toMatchObject({ billed_seconds: 4, cost: "$1.920", price: "$0.480 / сек" });
    const hd = await (await create(acct, { model: "gen-3-1080", prompt: "1080 clip", duration: 2 })).json();
    expect(hd).toMatchObject({ billed_seconds: 3, cost: "$0.960", price: "$0.320 / сек", size: "1080p" });
    // Both held at once: 10.000 - 1.920 - 0.960.
    expect(await balanceOf(acct.id)).toBe(7_120_000n);
    await waitForTerminal(acct, pro.id);
    await waitForTerminal(acct, hd.id);
    expect(await balanceOf(acct.id)).toBe(7_120_000n);
    const charges = await db().ledgerEntry.findMany({
      where: { accountId: acct.id, type: "charge" },
      orderBy: { createdAt: "asc" },
    });
    expect(charges.map((c) => c.amountMicros).sort()).toEqual([-1_920_000n, -960_000n].sort());
    await expectLedgerConsistent(acct.id);
  });

  it("a duration above the minimum bills the duration", async () => {
    const acct = await newAccount({ balance: "10.00" });
    const rec = await (await create(acct, { model: "gen-3-1080", prompt: "five seconds", duration: 5, size: "720p" })).json();
    expect(rec).toMatchObject({ billed_seconds: 5, cost: "$1.600" });
  });
});

describe("holds", () => {
  it("402 insufficient_balance when the available balance does not cover the hold; nothing is created", async () => {
    const acct = await newAccount({ balance: "1.00" });
    const res = await create(acct, { model: "gen-3.1-pro", prompt: "too expensive", duration: 2 });
    expect(res.status).toBe(402);
    expect((await res.json()).error.code).toBe("insufficient_balance");
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(0);
    expect(await balanceOf(acct.id)).toBe(1_000_000n);
    await expectLedgerConsistent(acct.id);
  });

  it("20 concurrent requests against a balance for 3 holds: exactly 3 accepted", async () => {
    // gen-3.1-fast 1 s bills 4 s x $0.150 = $0.600; $2.00 covers three.
    const acct = await newAccount({ balance: "2.00" });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(acct, { model: "gen-3.1-fast", prompt: `race ${i}`, duration: 1 })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(17);
    expect(await balanceOf(acct.id)).toBe(200_000n);
    expect(await db().generation.count({ where: { accountId: acct.id } })).toBe(3);
    expect(await db().ledgerEntry.count({ where: { accountId: acct.id, type: "hold" } })).toBe(3);
    await expectLedgerConsistent(acct.id);
  });
});

describe("failures and cancellation release the hold", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/not-an-image.png") {
        res.writeHead(200, { "content-type": "image/png" });
        res.end("this is not a png");
      } else {
        res.writeHead(404).end("missing");
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it("an unreachable first frame fails with reference_fetch_failed and nothing is charged", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const rec = await (
      await create(acct, { model: "gen-3.1-fast", prompt: "broken frame", duration: 1, firstFrameUrl: `${base}/missing.png` })
    ).json();
    expect(await balanceOf(acct.id)).toBe(4_400_000n);
    const final = await waitForTerminal(acct, rec.id);
    expect(final.status).toBe("failed");
    expect(final.error.code).toBe("reference_fetch_failed");
    expect(final.eta_seconds).toBe(0);
    expect(final.output).toEqual([]);
    expect(await balanceOf(acct.id)).toBe(5_000_000n);
    const types = (await db().ledgerEntry.findMany({ where: { generationId: rec.id } })).map((e) => e.type).sort();
    expect(types).toEqual(["hold", "hold_release"]);
    await expectLedgerConsistent(acct.id);
  });

  it("a reference that is not an image fails the same way", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const rec = await (
      await create(acct, { model: "gen-3.1-fast", prompt: "bad image", duration: 1, urls: [`${base}/not-an-image.png`] })
    ).json();
    const final = await waitForTerminal(acct, rec.id);
    expect(final.error.code).toBe("reference_fetch_failed");
    expect(await balanceOf(acct.id)).toBe(5_000_000n);
  });

  it("cancel releases the hold; a finished generation cannot be canceled", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const rec = await (await create(acct, { model: "gen-3.1-pro", prompt: "cancel me", duration: 8, size: "1080p" })).json();
    const res = await acct.call("/api/v1/videos/cancel", { method: "POST", json: { id: rec.id } });
    expect(res.status).toBe(200);
    const canceled = await res.json();
    expect(canceled.status).toBe("canceled");
    expect(canceled.eta_seconds).toBe(0);
    expect(await balanceOf(acct.id)).toBe(5_000_000n);
    const again = await acct.call("/api/v1/videos/cancel", { method: "POST", json: { id: rec.id } });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("generation_not_cancelable");
    // Stays canceled: the worker never charges it.
    await new Promise((r) => setTimeout(r, 1500));
    const after = await (await acct.call("/api/v1/videos/result", { method: "POST", json: { id: rec.id } })).json();
    expect(after.status).toBe("canceled");
    expect(await db().ledgerEntry.count({ where: { generationId: rec.id, type: "charge" } })).toBe(0);
    await expectLedgerConsistent(acct.id);
  });
});
