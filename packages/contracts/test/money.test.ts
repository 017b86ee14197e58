import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatDollarsInput,
  formatPricePerSecond,
  formatTimestamp,
  formatUtc,
  formatUnitPrice,
  formatUsd,
  parseUsd,
} from "../src/money";

describe("money", () => {
  it("formats micro-dollars with 3 decimals, rounding half up", () => {
    expect(formatUsd(480_000n)).toBe("$0.480");
    expect(formatUsd(3_840_000n)).toBe("$3.840");
    expect(formatUsd(0n)).toBe("$0.000");
    expect(formatUsd(1_234_500n)).toBe("$1.235");
    expect(formatUsd(1_234_499n)).toBe("$1.234");
    expect(formatUsd(-960_000n)).toBe("-$0.960");
  });
  it("prints the interface's price form with the Russian unit", () => {
    expect(formatPricePerSecond(480_000n)).toBe("$0.480 / сек");
    expect(formatPricePerSecond(320_000n)).toBe("$0.320 / сек");
  });
  it("shows amounts to people with 2 decimals, rounding half up", () => {
    expect(formatAmount(25_500_000n)).toBe("$25.50");
    expect(formatAmount(0n)).toBe("$0.00");
    expect(formatAmount(600_000n)).toBe("$0.60");
    expect(formatAmount(1_234_999n)).toBe("$1.23");
    expect(formatAmount(1_235_000n)).toBe("$1.24");
    expect(formatAmount(4_999n)).toBe("$0.00");
    expect(formatAmount(5_000n)).toBe("$0.01");
    expect(formatAmount(-600_000n)).toBe("-$0.60");
    expect(formatAmount(-5_000n)).toBe("-$0.01");
    expect(formatAmount(123_456_789_000_000n)).toBe("$123,456,789.00");
    expect(formatAmount(10_000_000_000n)).toBe("$10,000.00");
    expect(formatAmount(999_994_999n)).toBe("$999.99");
    expect(formatAmount(999_995_000n)).toBe("$1,000.00");
    expect(formatAmount(-1_234_567_000_000n)).toBe("-$1,234,567.00");
  });
  it("shows prices per second to people with 3 decimals and the unit '/ s'", () => {
    expect(formatUnitPrice(480_000n)).toBe("$0.480 / s");
    expect(formatUnitPrice(175_000n)).toBe("$0.175 / s");
  });
  it("writes exact dollars into form fields, at least 2 decimals", () => {
    expect(formatDollarsInput(5_000_000n)).toBe("5.00");
    expect(formatDollarsInput(150_000n)).toBe("0.15");
    expect(formatDollarsInput(12_500n)).toBe("0.0125");
    expect(formatDollarsInput(1n)).toBe("0.000001");
    expect(formatDollarsInput(-2_500_000n)).toBe("-2.50");
    expect(parseUsd(formatDollarsInput(1_234_567n))).toBe(1_234_567n);
  });
  it("parses dollars without floats", () => {
    expect(parseUsd("12.5")).toBe(12_500_000n);
    expect(parseUsd("$0.000001")).toBe(1n);
    expect(parseUsd("7")).toBe(7_000_000n);
    expect(() => parseUsd("1.2345678")).toThrow();
    expect(() => parseUsd("abc")).toThrow();
  });
  it("formats timestamps as UTC without a fraction", () => {
    expect(formatTimestamp(new Date("2026-11-21T15:16:57.123Z"))).toBe("2026-11-21T15:16:57Z");
    expect(formatTimestamp(new Date("2026-11-21T15:16:57Z"))).toBe("2026-11-21T15:16:57Z");
    expect(formatTimestamp(new Date(Date.UTC(10_000, 0, 1, 0, 0, 0, 999)))).toBe("+010000-01-01T00:00:00Z");
  });
  it("writes moments for people as UTC to the second", () => {
    expect(formatUtc(new Date("2026-11-21T15:16:57.123Z"))).toBe("2026-11-21 15:16:57 UTC");
    expect(formatUtc("2026-01-02T03:04:05Z")).toBe("2026-01-02 03:04:05 UTC");
  });
});
