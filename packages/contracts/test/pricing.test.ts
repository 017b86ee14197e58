import { describe, expect, it } from "vitest";
import { billedSecondsFor, costMicrosFor, quoteClip } from "../src/pricing";

describe("clip pricing", () => {
  it("bills at least the model's minimum", () => {
    expect(billedSecondsFor(2, 4)).toBe(4);
    expect(billedSecondsFor(2, 3)).toBe(3);
    expect(billedSecondsFor(8, 4)).toBe(8);
  });

  it("costs billed seconds x price in micro-dollars", () => {
    expect(costMicrosFor(4, 480_000n)).toBe(1_920_000n);
    expect(costMicrosFor(3, 320_000n)).toBe(960_000n);
    expect(costMicrosFor(8, 480_000n)).toBe(3_840_000n);
  });

  it("quotes a clip: billed seconds, cost, and whether the minimum charge set them", () => {
    const fast = { priceMicrosPerSecond: 150_000n, minChargeSeconds: 4 };
    expect(quoteClip(fast, 1)).toEqual({ billedSeconds: 4, costMicros: 600_000n, minimumApplies: true });
    expect(quoteClip(fast, 4)).toEqual({ billedSeconds: 4, costMicros: 600_000n, minimumApplies: false });
    expect(quoteClip({ priceMicrosPerSecond: 480_000n, minChargeSeconds: 4 }, 8)).toEqual({
      billedSeconds: 8,
      costMicros: 3_840_000n,
      minimumApplies: false,
    });
    expect(quoteClip({ priceMicrosPerSecond: 320_000n, minChargeSeconds: 0 }, 1)).toEqual({
      billedSeconds: 1,
      costMicros: 320_000n,
      minimumApplies: false,
    });
  });
});
