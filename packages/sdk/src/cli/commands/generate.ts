import { type Command, defineCommand } from "../command.js";
import { CREATE_OPTIONS, CREATE_USAGE, createParams } from "../create-params.js";
import { UsageError } from "../exit-codes.js";
import { FOLLOW_OPTIONS, followAndSave } from "../follow.js";

/** Creates a generation, follows it (stream, or polling with --poll) and downloads the clip. */
export const generate: Command = defineCommand({
  name: "generate",
  aliases: ["create"],
  usage: `generate ${CREATE_USAGE}
             [--quote-id quo_...] [--cancel-after 90s] [--out FILE] [--poll] [--progress bar|lines|none] [--json]`,
  options: {
    ...CREATE_OPTIONS,
    "quote-id": { type: "string" },
    "cancel-after": { type: "string" },
    ...FOLLOW_OPTIONS,
  },
  run(input) {
    const { values, positionals } = input;
    const params = createParams("generate", values, positionals);
    // A binding quote (vgen quote, same flags): charged at most its cost.
    if (values["quote-id"] !== undefined) {
      if (!values["quote-id"].startsWith("quo_"))
        throw new UsageError("--quote-id is the quote_id `vgen quote` printed (quo_...)");
      params.quoteId = values["quote-id"];
    }
    const cancelAfter = values["cancel-after"];
    return followAndSave(input, (options) => input.client().generations.createAndWait(params, { ...options, cancelAfter }));
  },
});
