/** Pure billing rules (docs/api.md#billing). Money is integer micro-dollars. */

export function billedSecondsFor(durationSeconds: number, minChargeSeconds: number): number {
  return Math.max(durationSeconds, minChargeSeconds);
}

export function costMicrosFor(billedSeconds: number, priceMicrosPerSecond: bigint): bigint {
  return BigInt(billedSeconds) * priceMicrosPerSecond;
}
