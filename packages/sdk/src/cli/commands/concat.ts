import { type Command, defineCommand } from "../command.js";
import { describeRecord } from "../describe.js";
import { EXIT, UsageError } from "../exit-codes.js";

/** Joins the extension chain ending at ID into one MP4 (a completed record of its own; `vgen download` fetches it). */
export const concat: Command = defineCommand({
  name: "concat",
  usage: "concat ID [--json]",
  options: { json: { type: "boolean", default: false } },
  async run({ values, positionals, client, io }) {
    const id = positionals[0];
    if (!id) throw new UsageError("vgen concat needs the id of the chain's last clip (one made with --extend-from)");
    const record = await client().generations.concat(id);
    io.stdout.write(values.json ? `${JSON.stringify(record)}\n` : describeRecord(record));
    return EXIT.completed;
  },
});
