/**
 * Progress 0–100 from a job's log lines, for providers that report it only in logs (tqdm-style
 * "45%|████   | 9/20" bars and "Progress: 45%" lines): the last percentage logged, if any.
 */
export function progressFromLogs(lines: readonly string[]): number | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = /(\d{1,3}(?:\.\d+)?)\s?%/.exec(lines[i] ?? "");
    if (match) return Math.min(100, Number(match[1]));
  }
  return undefined;
}
