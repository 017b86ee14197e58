import { type Command, defineCommand } from "../command.js";
import { describeRecord } from "../describe.js";
import { EXIT, UsageError } from "../exit-codes.js";

/** Cancels a generation that has not finished (one that has is an API error: exit 4). */
export const cancel: Command = defineCommand({
  name: "cancel",
  usage: "cancel ID [--json]",
  options: { json: { type: "boolean", default: false } },
  async run({ values, positionals, client, io }) {
    const id = positionals[0];
    if (!id) throw new UsageError("vgen cancel needs a generation id (see: vgen list)");
    const record = await client().generations.cancel(id);
    io.stdout.write(values.json ? `${JSON.stringify(record)}\n` : describeRecord(record));
    return EXIT.completed;
  },
});
