import { describe, expect, it } from "vitest";
import { billedSecondsFor, costMicrosFor } from "../src/billing/pricing";

describe("billing rules", () => {
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
});
