import { type Command, defineCommand } from "../command.js";
import { CREATE_OPTIONS, CREATE_USAGE, createParams } from "../create-params.js";
import { EXIT } from "../exit-codes.js";
import { formatEta } from "../progress.js";

/** A binding quote for the create these flags describe; `vgen generate` with the same flags and --quote-id uses it. */
export const quote: Command = defineCommand({
  name: "quote",
  usage: `quote ${CREATE_USAGE}
             [--json]`,
  options: { ...CREATE_OPTIONS, json: { type: "boolean", default: false } },
  async run({ values, positionals, client, io }) {
    const q = await client().generations.quote(createParams("quote", values, positionals));
    if (values.json) {
      io.stdout.write(`${JSON.stringify(q)}\n`);
      return EXIT.completed;
    }
    io.stdout.write(
      [
        `quote_id   ${q.quote_id}`,
        `cost       ${q.cost} (${q.billed_seconds}s × ${q.price})`,
        `eta        ${formatEta(q.eta_seconds)}`,
        `expires    ${q.expires_at}`,
        "",
      ].join("\n"),
    );
    io.stderr.write(`create with it (same flags): vgen generate ... --quote-id ${q.quote_id}\n`);
    return EXIT.completed;
  },
});
