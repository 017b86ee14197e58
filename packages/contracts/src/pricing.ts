/**
 * The billing rules of a clip (docs/api.md#billing), shared by the API (hold at acceptance, charge at
 * completion) and the dashboard (estimates, the result's breakdown), so both show the same figures.
 * Money is integer micro-dollars.
 */

/** A model's price figures, as the catalog stores them. */
export interface ModelPricing {
  priceMicrosPerSecond: bigint;
  minChargeSeconds: number;
  /** Per second of a clip with sound; absent or null: the same as without. */
  audioPriceMicros?: bigint | null;
}

/** A model's price per second: its audio price for a clip with sound when staff set one, else its price. */
export function pricePerSecondFor(model: Omit<ModelPricing, "minChargeSeconds">, withAudio: boolean): bigint {
  return withAudio ? (model.audioPriceMicros ?? model.priceMicrosPerSecond) : model.priceMicrosPerSecond;
}

/** Seconds billed for a clip: its duration, at least the model's minimum charge. */
export function billedSecondsFor(durationSeconds: number, minChargeSeconds: number): number {
  return Math.max(durationSeconds, minChargeSeconds);
}

export function costMicrosFor(billedSeconds: number, priceMicrosPerSecond: bigint): bigint {
  return BigInt(billedSeconds) * priceMicrosPerSecond;
}

/**
 * What a live request for a clip of `durationSeconds` (with sound or not) holds at acceptance, and is
 * charged when delivered in full.
 */
export function quoteClip(model: ModelPricing, durationSeconds: number, withAudio = false) {
  const billedSeconds = billedSecondsFor(durationSeconds, model.minChargeSeconds);
  const priceMicrosPerSecond = pricePerSecondFor(model, withAudio);
  return {
    billedSeconds,
    priceMicrosPerSecond,
    costMicros: costMicrosFor(billedSeconds, priceMicrosPerSecond),
    /** True when the minimum charge, not the duration, sets the billed seconds. */
    minimumApplies: durationSeconds < model.minChargeSeconds,
  };
}
