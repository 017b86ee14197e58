/** Billing of a delivered clip (docs/api.md#billing); the rules at acceptance are @vgen/contracts' quoteClip. */
import { billedSecondsFor } from "@vgen/contracts";

/**
 * Seconds billed for a delivered clip: its duration rounded to the nearest second, at least the
 * minimum charge, never more than was held at acceptance (a longer clip bills what was asked for).
 */
export function deliveredBilledSeconds(deliveredMs: number, minChargeSeconds: number, heldSeconds: number): number {
  return Math.min(heldSeconds, billedSecondsFor(Math.max(1, Math.round(deliveredMs / 1000)), minChargeSeconds));
}
