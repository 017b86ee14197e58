// What `generate` and `download` share: wait for the terminal record with progress on stderr, then
// save the clip (or say how it ended) and return the exit code.
import type { WaitOptions } from "../resources/generations.js";
import type { Generation } from "../types.js";
import type { CommandInput } from "./command.js";
import { EXIT, exitCodeForStatus, UsageError } from "./exit-codes.js";
import { type ProgressStyle, ProgressReporter } from "./progress.js";

export const FOLLOW_OPTIONS = {
  out: { type: "string", short: "o" },
  poll: { type: "boolean", default: false },
  progress: { type: "string" },
  json: { type: "boolean", default: false },
} as const;

/** A value of an option limited to some words, or a usage error naming them. */
export function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(", ")}`);
  return value as T;
}

/**
 * Waits through `wait` (createAndWait, wait, or a terminal record at hand) with progress on stderr,
 * then downloads a completed clip to --out (default `<id>.mp4`); a failed or canceled one exits 5 or 6.
 */
export async function followAndSave(
  input: Pick<CommandInput<typeof FOLLOW_OPTIONS>, "values" | "io" | "signal" | "client">,
  wait: (options: WaitOptions) => Promise<Generation>,
): Promise<number> {
  const { values, io, signal } = input;
  const style: ProgressStyle =
    oneOf("progress", values.progress, ["bar", "lines", "none"] as const) ?? (io.stderr.isTTY ? "bar" : "lines");
  const reporter = new ProgressReporter(style, io.stderr);
  let seen: Generation | undefined;
  let record: Generation;
  try {
    record = await wait({
      mode: values.poll ? "poll" : "stream",
      signal,
      onProgress: (r) => {
        seen = r;
        reporter.update(r);
      },
    });
  } catch (err) {
    reporter.finish();
    if (signal.aborted && seen) {
      io.stderr.write(`interrupted; ${seen.id} goes on: vgen get ${seen.id}\n`);
      return EXIT.interrupted;
    }
    throw err;
  }
  reporter.update(record);
  reporter.finish();
  if (record.status !== "completed") {
    const reason = record.error ? `: ${record.error.code}: ${record.error.message}` : "";
    io.stderr.write(`${record.id} ${record.status}${reason}\n`);
    if (values.json) io.stdout.write(`${JSON.stringify(record)}\n`);
    return exitCodeForStatus(record.status);
  }
  // Every clip of the record: the first to --out, clip i beside it as <name>-<i><ext> (made with --n).
  const out = values.out ?? `${record.id}.mp4`;
  const paths: string[] = [];
  for (let i = 0; i < Math.max(1, record.output.length); i++) {
    const saved = await input.client().download(record, outputPath(out, i), { signal, output: i });
    io.stderr.write(`saved ${saved.path} (${saved.bytes} bytes)\n`);
    paths.push(saved.path);
  }
  io.stdout.write(values.json ? `${JSON.stringify(record)}\n` : `${paths.join("\n")}\n`);
  return EXIT.completed;
}

/** Where clip `index` of a download goes: `out` itself for the first, `clip-1.mp4` beside `clip.mp4` for the next. */
export function outputPath(out: string, index: number): string {
  if (index === 0) return out;
  const dot = out.lastIndexOf(".");
  const slash = Math.max(out.lastIndexOf("/"), out.lastIndexOf("\\"));
  return dot > slash + 1 ? `${out.slice(0, dot)}-${index}${out.slice(dot)}` : `${out}-${index}`;
}
