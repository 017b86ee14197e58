// GET /api/v1/balance: the available balance a create's hold is checked against, and what running generations hold.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, balanceOf, newAccount } from "../support/fixtures";
import { stalledReferenceServer } from "../support/stalled-reference";

let reference: Awaited<ReturnType<typeof stalledReferenceServer>>;
beforeAll(async () => {
  reference = await stalledReferenceServer();
});
afterAll(() => reference.close());

describe("GET /api/v1/balance", () => {
  it("shows a running generation's hold, and the release after a cancel; another account sees only its own", async () => {
    const acct = await newAccount({ balance: "10.00" });
    const other = await newAccount({ balance: "3.50" });
    const read = async (a: typeof acct) => {
      const res = await a.call("/api/v1/balance");
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBeTruthy();
      return res.json();
    };
    expect(await read(acct)).toEqual({ object: "balance", available: "$10.000", held: "$0.000" });

    // gen-3.1-pro 2 s bills its 4 s minimum × $0.480 = $1.920, held while it waits on the stalled reference.
    const created = await acct.call("/api/v1/videos/generations", {
      method: "POST",
      json: { stream: false, model: "gen-3.1-pro", prompt: "held", duration: 2, firstFrameUrl: reference.url },
    });
    expect(created.status).toBe(202);
    const record = await created.json();
    expect(record.cost).toBe("$1.920");
    expect(await read(acct)).toEqual({ object: "balance", available: "$8.080", held: "$1.920" });
    expect(await balanceOf(acct.id)).toBe(8_080_000n);
    expect(await read(other)).toEqual({ object: "balance", available: "$3.500", held: "$0.000" });

    const canceled = await acct.call("/api/v1/videos/cancel", { method: "POST", json: { id: record.id } });
    expect(canceled.status).toBe(200);
    expect(await read(acct)).toEqual({ object: "balance", available: "$10.000", held: "$0.000" });
  });

  it("needs an API key: 401 missing_api_key / invalid_api_key with the catalog's doc_url", async () => {
    const missing = await fetch(`${BASE_URL}/api/v1/balance`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toMatchObject({
      code: "missing_api_key",
      doc_url: `${BASE_URL}/errors#missing_api_key`,
    });
    const wrong = await fetch(`${BASE_URL}/api/v1/balance`, { headers: { authorization: "Bearer vgk_not_a_key" } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe("invalid_api_key");
  });

  it("answers only GET", async () => {
    const acct = await newAccount();
    const res = await acct.call("/api/v1/balance", { method: "POST", json: {} });
    expect(res.status).toBe(405);
    expect((await res.json()).error.code).toBe("method_not_allowed");
  });
});
