import { type Command, defineCommand } from "../command.js";
import { table } from "../describe.js";
import { EXIT } from "../exit-codes.js";

/** The catalog: id, price, minimum charge, durations, sizes, queue. */
export const models: Command = defineCommand({
  name: "models",
  usage: "models [--json]",
  options: { json: { type: "boolean", default: false } },
  async run({ values, client, io }) {
    const list = await client().models.list();
    if (values.json) {
      io.stdout.write(`${JSON.stringify(list.data)}\n`);
      return EXIT.completed;
    }
    const rows = list.data.map((m) => [
      m.id,
      m.price_per_second,
      `min ${m.min_charge_seconds}s`,
      `${m.duration.min}-${m.duration.max}s`,
      m.sizes.join(","),
      m.queue,
    ]);
    io.stdout.write(table(rows));
    return EXIT.completed;
  },
});
