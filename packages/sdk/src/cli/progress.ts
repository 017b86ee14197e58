import type { Generation } from "../types.js";

export type ProgressStyle = "bar" | "lines" | "none";

const BAR_WIDTH = 30;

export function formatEta(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
}

type Shown = Pick<Generation, "id" | "progress" | "eta_seconds"> & { queue_position?: number | null };

/** "1st", "2nd", "3rd", "11th", "22nd"... */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** `  3rd in queue` while the generation waits to start; empty once it runs. */
function queueNote(record: Shown): string {
  return record.queue_position ? `  ${ordinal(record.queue_position)} in queue` : "";
}

/** One frame of the TTY bar: `[#####-----]  45%  ETA 12s  vid_...`, with `3rd in queue` while waiting. */
export function renderBar(record: Shown): string {
  const progress = Math.min(100, Math.max(0, record.progress));
  const filled = Math.round((progress / 100) * BAR_WIDTH);
  const bar = `${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}`;
  return `[${bar}] ${String(progress).padStart(3)}%  ETA ${formatEta(record.eta_seconds).padEnd(6)}  ${record.id}${queueNote(record)}`;
}

/** A plain line for logs and pipes: `vid_... processing 45% ETA 12s`, with `3rd in queue` while waiting. */
function renderLine(record: Shown & Pick<Generation, "status">): string {
  return `${record.id} ${record.status} ${record.progress}% ETA ${formatEta(record.eta_seconds)}${queueNote(record)}`;
}

/**
 * Shows a generation's records as they come: on a TTY a bar redrawn in place, its ETA counting down
 * each second between events (the server sends one at least every 5 s); otherwise a line per change.
 */
export class ProgressReporter {
  private lastLine = "";
  private current: Generation | undefined;
  private receivedAt = 0;
  private ticker: NodeJS.Timeout | undefined;

  constructor(
    private readonly style: ProgressStyle,
    private readonly out: NodeJS.WritableStream,
  ) {}

  update(record: Generation): void {
    if (this.style === "bar") {
      this.current = record;
      this.receivedAt = Date.now();
      this.draw();
      this.ticker ??= setInterval(() => this.draw(), 1000).unref();
    } else if (this.style === "lines") {
      const line = renderLine(record);
      if (line !== this.lastLine) this.out.write(`${line}\n`);
      this.lastLine = line;
    }
  }

  /** Stops the countdown and ends the bar's line so later output starts on a fresh one. */
  finish(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
    if (this.current) this.out.write("\n");
    this.current = undefined;
  }

  private draw(): void {
    if (!this.current) return;
    const elapsed = (Date.now() - this.receivedAt) / 1000;
    const eta = Math.max(0, this.current.eta_seconds - elapsed);
    // \x1b[K clears what a longer previous frame left at the end of the line.
    this.out.write(`\r${renderBar({ ...this.current, eta_seconds: eta })}\x1b[K`);
  }
}
