import type { Generation } from "../../types.js";
import { type Command, defineCommand } from "../command.js";
import { table } from "../describe.js";
import { EXIT, UsageError } from "../exit-codes.js";

const DEFAULT_LIMIT = 20;

/** The account's latest generations, newest first, across pages up to --limit. */
export const list: Command = defineCommand({
  name: "list",
  usage: `list [--limit N] [--json]   (default ${DEFAULT_LIMIT}, newest first)`,
  options: { limit: { type: "string" }, json: { type: "boolean", default: false } },
  async run({ values, client, io }) {
    if (values.limit !== undefined && !/^[1-9]\d*$/.test(values.limit))
      throw new UsageError("--limit is a positive whole number");
    const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
    const records: Generation[] = [];
    for await (const record of client().generations.list({ limit: Math.min(limit, 100) })) {
      records.push(record);
      if (records.length >= limit) break;
    }
    if (values.json) io.stdout.write(`${JSON.stringify(records)}\n`);
    else
      io.stdout.write(
        table(records.map((r) => [r.id, r.status, `${r.progress}%`, r.model, `${r.duration}s`, r.size, r.created_at])),
      );
    return EXIT.completed;
  },
});
