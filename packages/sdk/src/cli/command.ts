// What a `vgen` command is. Each command is one module under commands/ exporting a `defineCommand`
// value, listed once in registry.ts; cli/main.ts parses its options, builds the client on demand
// and turns what it returns or throws into an exit code (exit-codes.ts).
import type { parseArgs } from "node:util";
import type { Vgen } from "../client.js";

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** One option, as `node:util`'s parseArgs takes it. */
interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
  default?: string | boolean | string[] | boolean[];
}
type Options = Record<string, OptionSpec>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>["values"];

export interface CommandInput<O extends Options> {
  /** The command's options (and the global ones), parsed strictly. */
  values: Values<O>;
  /** Arguments after the command's name. */
  positionals: string[];
  /** The API client, built on first use: a missing key is an authentication error (exit 3). */
  client(): Vgen;
  io: Io;
  /** Aborted on Ctrl+C. */
  signal: AbortSignal;
}

export interface Command<O extends Options = Options> {
  name: string;
  /** Other names that run it (kept for scripts written against an older name). */
  aliases?: readonly string[];
  /** Its usage line(s) for `vgen --help`, without the leading "vgen ". */
  usage: string;
  options: O;
  /** Resolves with the exit code; throws for errors (mapped by exitCodeForError). */
  run(input: CommandInput<O>): Promise<number>;
}

/** Types `run`'s `values` from `options`; the registry holds commands of any options. */
export function defineCommand<const O extends Options>(command: Command<O>): Command {
  return command as unknown as Command;
}
