#!/usr/bin/env node
// `vgen`: the command line over the SDK (README: "Command line"). Exit codes: cli/exit-codes.ts.
import { parseArgs } from "node:util";
import { Vgen } from "./client.js";
import { generate, type Io, models, status } from "./cli/commands.js";
import { EXIT, exitCodeForError, UsageError } from "./cli/exit-codes.js";
import { listen, trigger } from "./cli/listen.js";
import type { ProgressStyle } from "./cli/progress.js";
import type { CreateGenerationParams } from "./types.js";

const HELP = `usage:
  vgen generate "prompt" --model ID [--duration SECONDS] [--size 720p|1080p|4k]
                [--aspect-ratio 16:9|9:16] [--first-frame URL [--last-frame URL] | --url URL ...]
                [--out FILE] [--poll] [--progress bar|lines|none] [--json]
  vgen status ID [--json]
  vgen models [--json]
  vgen listen --forward-to URL [--events TYPE,TYPE]
  vgen trigger EVENT_TYPE

options:
  --base-url URL   API address (default: $VGEN_BASE_URL, else http://localhost:3000)
  -h, --help       this text
The API key is read from $VGEN_API_KEY.
exit codes: 0 completed, 2 usage, 3 authentication, 4 API or network error, 5 failed, 6 canceled, 130 interrupted
`;

const OPTIONS = {
  model: { type: "string" },
  duration: { type: "string" },
  size: { type: "string" },
  "aspect-ratio": { type: "string" },
  "first-frame": { type: "string" },
  "last-frame": { type: "string" },
  url: { type: "string", multiple: true },
  out: { type: "string", short: "o" },
  poll: { type: "boolean", default: false },
  progress: { type: "string" },
  json: { type: "boolean", default: false },
  "base-url": { type: "string" },
  "forward-to": { type: "string" },
  events: { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(", ")}`);
  return value as T;
}

async function run(argv: string[], io: Io, signal: AbortSignal): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    (values.help ? io.stdout : io.stderr).write(HELP);
    return values.help ? EXIT.completed : EXIT.usage;
  }
  if (!["generate", "status", "models", "listen", "trigger"].includes(command))
    throw new UsageError(`unknown command '${command}'`);
  if (!process.env.VGEN_API_KEY) throw new UsageError("set VGEN_API_KEY to your API key (vgk_...)");
  const client = new Vgen({ baseUrl: values["base-url"] });

  if (command === "status") return status(client, rest[0] ?? "", values.json, io);
  if (command === "models") return models(client, values.json, io);
  if (command === "listen") return listen(client, { forwardTo: values["forward-to"], events: values.events }, io, signal);
  if (command === "trigger") return trigger(client, rest[0], io);

  const prompt = rest.join(" ").trim();
  if (!prompt) throw new UsageError('vgen generate needs a prompt: vgen generate "a paper boat at dusk" --model ID');
  if (!values.model) throw new UsageError("vgen generate needs --model (see: vgen models)");
  if (values.duration !== undefined && !/^\d+$/.test(values.duration)) throw new UsageError("--duration is whole seconds");
  const progress: ProgressStyle =
    oneOf("progress", values.progress, ["bar", "lines", "none"] as const) ?? (io.stderr.isTTY ? "bar" : "lines");
  return generate(
    client,
    {
      prompt,
      model: values.model,
      duration: values.duration === undefined ? undefined : Number(values.duration),
      size: oneOf<NonNullable<CreateGenerationParams["size"]>>("size", values.size, ["720p", "1080p", "4k"]),
      aspectRatio: oneOf<NonNullable<CreateGenerationParams["aspectRatio"]>>("aspect-ratio", values["aspect-ratio"], [
        "16:9",
        "9:16",
      ]),
      firstFrameUrl: values["first-frame"],
      lastFrameUrl: values["last-frame"],
      urls: values.url,
      out: values.out,
      poll: values.poll,
      progress,
      json: values.json,
    },
    io,
    signal,
  );
}

const controller = new AbortController();
process.once("SIGINT", () => controller.abort());
const io: Io = { stdout: process.stdout, stderr: process.stderr };
run(process.argv.slice(2), io, controller.signal).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const code = exitCodeForError(err);
    if (code === null) throw err;
    const requestId = (err as { request_id?: string | null }).request_id;
    const { doc_url: docUrl } = err as { doc_url?: string | null };
    io.stderr.write(
      `vgen: ${(err as Error).message}${requestId ? ` (request ${requestId})` : ""}${docUrl ? `\n  see ${docUrl}` : ""}\n`,
    );
    if (code === EXIT.usage && err instanceof UsageError) io.stderr.write("run vgen --help for usage\n");
    process.exitCode = code;
  },
);
