/** Pure billing rules (docs/api.md#billing). Money is integer micro-dollars. */

export function billedSecondsFor(durationSeconds: number, minChargeSeconds: number): number {
  return Math.max(durationSeconds, minChargeSeconds);
}

export function costMicrosFor(billedSeconds: number, priceMicrosPerSecond: bigint): bigint {
  return BigInt(billedSeconds) * priceMicrosPerSecond;
}

/**
 * Seconds billed for a delivered clip: its duration rounded to the nearest second, at least the
 * minimum charge, never more than was held at acceptance (a longer clip bills what was asked for).
 */
export function deliveredBilledSeconds(deliveredMs: number, minChargeSeconds: number, heldSeconds: number): number {
  return Math.min(heldSeconds, billedSecondsFor(Math.max(1, Math.round(deliveredMs / 1000)), minChargeSeconds));
}
