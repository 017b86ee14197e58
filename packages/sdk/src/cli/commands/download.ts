import { isTerminal } from "../../types.js";
import { type Command, defineCommand } from "../command.js";
import { UsageError } from "../exit-codes.js";
import { FOLLOW_OPTIONS, followAndSave } from "../follow.js";

/** Saves a generation's clip; one still running is followed to its end first. */
export const download: Command = defineCommand({
  name: "download",
  usage: "download ID [--out FILE] [--poll] [--progress bar|lines|none] [--json]",
  options: FOLLOW_OPTIONS,
  async run(input) {
    const id = input.positionals[0];
    if (!id) throw new UsageError("vgen download needs a generation id (see: vgen list)");
    const generations = input.client().generations;
    const record = await generations.get(id, { signal: input.signal });
    return followAndSave(input, (options) => (isTerminal(record) ? Promise.resolve(record) : generations.wait(id, options)));
  },
});
