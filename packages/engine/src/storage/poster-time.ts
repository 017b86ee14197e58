/**
 * When a poster frame is taken: 1 s in, or the middle of a shorter clip, so it shows the clip
 * under way rather than a fade-in or a first-frame image (docs/architecture.md#output-storage).
 */
export function posterTimeUs(durationUs: number): number {
  return Math.min(1_000_000, Math.floor(durationUs / 2));
}
