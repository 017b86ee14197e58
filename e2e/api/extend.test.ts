// Extending a clip and joining the chain over HTTP (docs/api.md#extending-a-clip,
// #concatenating-a-chain): a clip extended twice, each extension billed only its own seconds, the
// records linked both ways, and POST /api/v1/videos/concat answering one MP4 as long as the three
// clips together, for nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mp4DurationMs } from "@vgen/engine/storage";
import { balanceOf, ledgerSum, newAccount, waitForTerminal, type TestAccount } from "../support/fixtures";
import { createOwnModel, retireOwnModel } from "../support/own-model";

/** A model of this file's own ($0.200 per second, local renderer). */
let model: string;

beforeAll(async () => {
  model = await createOwnModel("extend", "extension API test", { priceMicrosPerSecond: 200_000n });
});

afterAll(() => retireOwnModel(model));

const create = (acct: TestAccount, json: Record<string, unknown>) =>
  acct.call("/api/v1/videos/generations", { method: "POST", json: { model, stream: false, ...json } });

async function completed(acct: TestAccount, json: Record<string, unknown>) {
  const res = await create(acct, json);
  expect(res.status).toBe(202);
  const record = await waitForTerminal(acct, (await res.json()).id);
  expect(record.status).toBe("completed");
  return record;
}

describe("extend and concat", () => {
  it("extends a clip twice, bills only the new seconds, links both ways and joins the chain into one MP4", async () => {
    const acct = await newAccount({ balance: "5.00" });
    const start = await balanceOf(acct.id);
    const source = await completed(acct, { prompt: "a kite over the dunes", duration: 2, seed: 11 });
    const one = await completed(acct, { prompt: "the kite climbs", duration: 2, extendFrom: source.id });
    const two = await completed(acct, { prompt: "the kite lands", duration: 1, extendFrom: one.id });
    expect(one).toMatchObject({ extended_from: source.id, seed: 11, size: source.size, billed_seconds: 2, cost: "$0.400" });
    expect(two).toMatchObject({ extended_from: one.id, billed_seconds: 1, cost: "$0.200" });
    const result = async (id: string) => (await acct.call("/api/v1/videos/result", { method: "POST", json: { id } })).json();
    expect(await result(source.id)).toMatchObject({ extensions: [one.id] });
    expect(await result(one.id)).toMatchObject({ extensions: [two.id] });

    // Billed 2 + 2 + 1 seconds at $0.20, and the ledger says the same as the balance.
    expect(start - (await balanceOf(acct.id))).toBe(1_000_000n);
    expect(await ledgerSum(acct.id)).toBe(await balanceOf(acct.id));

    const joined = await acct.call("/api/v1/videos/concat", { method: "POST", json: { id: two.id } });
    expect(joined.status).toBe(200);
    const record = await joined.json();
    expect(record).toMatchObject({
      status: "completed",
      concat_of: [source.id, one.id, two.id],
      duration: 5,
      billed_seconds: 0,
      cost: "$0.000",
    });
    expect(await result(record.id)).toMatchObject({ id: record.id, concat_of: [source.id, one.id, two.id] });
    const mp4 = Buffer.from(await (await fetch(record.output[0].url)).arrayBuffer());
    expect(mp4DurationMs(mp4)).toBe(5_000);
    // The join moved no money.
    expect(start - (await balanceOf(acct.id))).toBe(1_000_000n);

    // A clip that extends nothing is no chain; a stranger's chain is not found.
    const notChain = await acct.call("/api/v1/videos/concat", { method: "POST", json: { id: source.id } });
    expect(notChain.status).toBe(400);
    expect((await notChain.json()).error.code).toBe("concat_not_a_chain");
    const stranger = await newAccount({ balance: "1.00" });
    const theirs = await stranger.call("/api/v1/videos/concat", { method: "POST", json: { id: two.id } });
    expect(theirs.status).toBe(404);
    const extendTheirs = await create(stranger, { prompt: "not mine", duration: 1, extendFrom: two.id });
    expect(extendTheirs.status).toBe(404);
    expect((await extendTheirs.json()).error).toMatchObject({ code: "generation_not_found", param: "extendFrom" });
  }, 180_000);
});
