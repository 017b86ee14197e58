// `vgen`'s dispatcher: finds the command in the registry, parses its options strictly (plus the
// global ones), runs it and turns the outcome into an exit code, printing errors for people.
import { parseArgs } from "node:util";
import { Vgen } from "../client.js";
import type { Command, Io } from "./command.js";
import { EXIT, EXIT_MEANING, exitCodeForError, UsageError } from "./exit-codes.js";
import { COMMANDS } from "./registry.js";

const GLOBAL_OPTIONS = {
  "base-url": { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

function help(): string {
  const usage = COMMANDS.map((c) => `  vgen ${c.usage}`).join("\n");
  const codes = (Object.keys(EXIT) as (keyof typeof EXIT)[]).map((k) => `  ${String(EXIT[k]).padEnd(4)}${EXIT_MEANING[k]}`);
  return `usage:
${usage}

options:
  --base-url URL   API address (default: $VGEN_BASE_URL, else http://localhost:3000)
  -h, --help       this text
The API key is read from $VGEN_API_KEY.

exit codes:
${codes.join("\n")}
`;
}

function find(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));
  if (!command) throw new UsageError(`unknown command '${name}'`);
  return command;
}

/** The command's name and every other argument (global options may come before the name). */
function splitCommand(argv: string[]): { name: string | undefined; rest: string[] } {
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith("-")) i += argv[i] === "--base-url" ? 2 : 1;
  return { name: argv[i], rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
}

async function dispatch(argv: string[], io: Io, signal: AbortSignal): Promise<number> {
  const { name, rest } = splitCommand(argv);
  if (name === undefined || name === "help") {
    const asked = name === "help" || rest.includes("--help") || rest.includes("-h");
    (asked ? io.stdout : io.stderr).write(help());
    return asked ? EXIT.completed : EXIT.usage;
  }
  const command = find(name);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (parsed.values.help) {
    io.stdout.write(`usage: vgen ${command.usage}\n`);
    return EXIT.completed;
  }
  let client: Vgen | undefined;
  const baseUrl = parsed.values["base-url"] as string | undefined;
  return command.run({
    values: parsed.values,
    positionals: parsed.positionals,
    client: () => {
      client ??= new Vgen({ baseUrl });
      return client;
    },
    io,
    signal,
  });
}

/** Runs `vgen argv…` and resolves with its exit code; only a bug in the CLI rejects. */
export async function main(argv: string[], io: Io, signal: AbortSignal): Promise<number> {
  try {
    return await dispatch(argv, io, signal);
  } catch (err) {
    if (signal.aborted) return EXIT.interrupted;
    const code = exitCodeForError(err);
    if (code === null) throw err;
    const { request_id: requestId, doc_url: docUrl } = err as { request_id?: string | null; doc_url?: string | null };
    io.stderr.write(
      `vgen: ${(err as Error).message}${requestId ? ` (request ${requestId})` : ""}${docUrl ? `\n  see ${docUrl}` : ""}\n`,
    );
    if (err instanceof UsageError) io.stderr.write("run vgen --help for usage\n");
    return code;
  }
}
