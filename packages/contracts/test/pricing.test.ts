import { describe, expect, it } from "vitest";
import { billedSecondsFor, costMicrosFor, pricePerSecondFor, quoteClip } from "../src/pricing";

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
    expect(quoteClip(fast, 1)).toEqual({
      billedSeconds: 4,
      priceMicrosPerSecond: 150_000n,
      costMicros: 600_000n,
      minimumApplies: true,
    });
    expect(quoteClip(fast, 4)).toEqual({
      billedSeconds: 4,
      priceMicrosPerSecond: 150_000n,
      costMicros: 600_000n,
      minimumApplies: false,
    });
    expect(quoteClip({ priceMicrosPerSecond: 480_000n, minChargeSeconds: 4 }, 8)).toEqual({
      billedSeconds: 8,
      priceMicrosPerSecond: 480_000n,
      costMicros: 3_840_000n,
      minimumApplies: false,
    });
    expect(quoteClip({ priceMicrosPerSecond: 320_000n, minChargeSeconds: 0 }, 1)).toEqual({
      billedSeconds: 1,
      priceMicrosPerSecond: 320_000n,
      costMicros: 320_000n,
      minimumApplies: false,
    });
  });

  it("prices a clip with sound at the model's audio price, when it sets one", () => {
    const voiced = { priceMicrosPerSecond: 100_000n, minChargeSeconds: 1, audioPriceMicros: 150_000n };
    expect(quoteClip(voiced, 4, true)).toMatchObject({ priceMicrosPerSecond: 150_000n, costMicros: 600_000n });
    expect(quoteClip(voiced, 4, false)).toMatchObject({ priceMicrosPerSecond: 100_000n, costMicros: 400_000n });
    // No audio price: sound costs the model's price.
    expect(pricePerSecondFor({ priceMicrosPerSecond: 100_000n, audioPriceMicros: null }, true)).toBe(100_000n);
  });
});
