/**
 * The billing rules of a clip (docs/api.md#billing), shared by the API (hold at acceptance, charge at
 * completion) and the dashboard (estimates, the result's breakdown), so both show the same figures.
 * Money is integer micro-dollars.
 */

/** A model's price figures, as the catalog stores them. */
export interface ModelPricing {
  priceMicrosPerSecond: bigint;
  minChargeSeconds: number;
}

/** Seconds billed for a clip: its duration, at least the model's minimum charge. */
export function billedSecondsFor(durationSeconds: number, minChargeSeconds: number): number {
  return Math.max(durationSeconds, minChargeSeconds);
}

export function costMicrosFor(billedSeconds: number, priceMicrosPerSecond: bigint): bigint {
  return BigInt(billedSeconds) * priceMicrosPerSecond;
}

/** What a live request for a clip of `durationSeconds` holds at acceptance (and is charged when delivered in full). */
export function quoteClip(model: ModelPricing, durationSeconds: number) {
  const billedSeconds = billedSecondsFor(durationSeconds, model.minChargeSeconds);
  return {
    billedSeconds,
    costMicros: costMicrosFor(billedSeconds, model.priceMicrosPerSecond),
    /** True when the minimum charge, not the duration, sets the billed seconds. */
    minimumApplies: durationSeconds < model.minChargeSeconds,
  };
}
