import type { Vgen } from "../client.js";
import type { CreateGenerationParams, Generation } from "../types.js";
import { EXIT, exitCodeForStatus, UsageError } from "./exit-codes.js";
import { formatEta, type ProgressStyle, ProgressReporter } from "./progress.js";

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface GenerateArgs {
  prompt: string;
  model: string;
  duration?: number;
  size?: CreateGenerationParams["size"];
  aspectRatio?: CreateGenerationParams["aspectRatio"];
  firstFrameUrl?: string;
  lastFrameUrl?: string;
  urls?: string[];
  out?: string;
  poll: boolean;
  progress: ProgressStyle;
  json: boolean;
}

function describe(record: Generation): string {
  const lines = [
    `id         ${record.id}`,
    `status     ${record.status}`,
    `model      ${record.model}`,
    `progress   ${record.progress}%`,
    `eta        ${formatEta(record.eta_seconds)}`,
    `duration   ${record.duration}s  ${record.size}  ${record.aspect_ratio}`,
    `cost       ${record.cost} (${record.price})`,
    `created    ${record.created_at}`,
  ];
  if (record.completed_at) lines.push(`finished   ${record.completed_at}`);
  for (const output of record.output) lines.push(`output     ${output.url}`);
  if (record.error) lines.push(`error      ${record.error.code}: ${record.error.message}`);
  return `${lines.join("\n")}\n`;
}

/** Creates, follows (stream, or polling with --poll) and downloads; the exit code says how it ended. */
export async function generate(client: Vgen, args: GenerateArgs, io: Io, signal: AbortSignal): Promise<number> {
  const reporter = new ProgressReporter(args.progress, io.stderr);
  const params: CreateGenerationParams = { model: args.model, prompt: args.prompt };
  if (args.duration !== undefined) params.duration = args.duration;
  if (args.size) params.size = args.size;
  if (args.aspectRatio) params.aspectRatio = args.aspectRatio;
  if (args.firstFrameUrl) params.firstFrameUrl = args.firstFrameUrl;
  if (args.lastFrameUrl) params.lastFrameUrl = args.lastFrameUrl;
  if (args.urls?.length) params.urls = args.urls;
  let seen: Generation | undefined;
  const onProgress = (record: Generation) => {
    seen = record;
    reporter.update(record);
  };
  let record: Generation;
  try {
    record = await client.generations.createAndWait(params, { onProgress, mode: args.poll ? "poll" : "stream", signal });
  } catch (err) {
    reporter.finish();
    if (signal.aborted && seen) {
      io.stderr.write(`interrupted; ${seen.id} goes on: vgen status ${seen.id}\n`);
      return EXIT.interrupted;
    }
    throw err;
  }
  reporter.update(record);
  reporter.finish();
  if (record.status !== "completed") {
    const reason = record.error ? `: ${record.error.code}: ${record.error.message}` : "";
    io.stderr.write(`${record.id} ${record.status}${reason}\n`);
    if (args.json) io.stdout.write(`${JSON.stringify(record)}\n`);
    return exitCodeForStatus(record.status);
  }
  const out = args.out ?? `${record.id}.mp4`;
  const saved = await client.download(record, out, { signal });
  io.stderr.write(`saved ${saved.path} (${saved.bytes} bytes)\n`);
  io.stdout.write(args.json ? `${JSON.stringify(record)}\n` : `${saved.path}\n`);
  return EXIT.completed;
}

export async function status(client: Vgen, id: string, json: boolean, io: Io): Promise<number> {
  if (!id) throw new UsageError("vgen status needs a generation id");
  const record = await client.generations.get(id);
  io.stdout.write(json ? `${JSON.stringify(record)}\n` : describe(record));
  return EXIT.completed;
}

export async function models(client: Vgen, json: boolean, io: Io): Promise<number> {
  const list = await client.models.list();
  if (json) {
    io.stdout.write(`${JSON.stringify(list.data)}\n`);
    return EXIT.completed;
  }
  const rows = list.data.map((m) => [
    m.id,
    m.price_per_second,
    `min ${m.min_charge_seconds}s`,
    `${m.duration.min}-${m.duration.max}s`,
    m.sizes.join(","),
    m.queue,
  ]);
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]!.length))) ?? [];
  for (const row of rows)
    io.stdout.write(
      `${row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd()}\n`,
    );
  return EXIT.completed;
}
