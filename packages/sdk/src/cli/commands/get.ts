import { type Command, defineCommand } from "../command.js";
import { describeRecord } from "../describe.js";
import { EXIT, UsageError } from "../exit-codes.js";

/** Prints one generation's record. */
export const get: Command = defineCommand({
  name: "get",
  aliases: ["status"],
  usage: "get ID [--json]            (also: status ID)",
  options: { json: { type: "boolean", default: false } },
  async run({ values, positionals, client, io }) {
    const id = positionals[0];
    if (!id) throw new UsageError("vgen get needs a generation id (see: vgen list)");
    const record = await client().generations.get(id);
    io.stdout.write(values.json ? `${JSON.stringify(record)}\n` : describeRecord(record));
    return EXIT.completed;
  },
});
