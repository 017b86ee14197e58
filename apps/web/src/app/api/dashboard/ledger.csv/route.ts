import { iterateLedgerEntries, LEDGER_CSV_HEADER, ledgerCsvLine, ledgerFilterFromDays } from "@vgen/engine/billing";
import { logger } from "@vgen/engine/platform";
import { withSession } from "@/server/http/with-session";

export const dynamic = "force-dynamic";

/**
 * The signed-in account's ledger as CSV, with the same filters as the dashboard:
 * `?type=charge&type=hold` (or `type=charge,hold`), `from=YYYY-MM-DD`, `to=YYYY-MM-DD` (both days included, UTC).
 */
export const GET = withSession("route:ledger.csv", async ({ req, db, accountId }) => {
  const params = new URL(req.url).searchParams;
  const filter = ledgerFilterFromDays({
    types: params
      .getAll("type")
      .flatMap((t) => t.split(","))
      .map((t) => t.trim()),
    from: params.get("from"),
    to: params.get("to"),
  });
  const encoder = new TextEncoder();
  const entries = iterateLedgerEntries(db, accountId, filter);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${LEDGER_CSV_HEADER.join(",")}\r\n`));
    },
    async pull(controller) {
      try {
        const lines: string[] = [];
        for (let i = 0; i < 200; i++) {
          const next = await entries.next();
          if (next.done) {
            if (lines.length) controller.enqueue(encoder.encode(lines.join("")));
            controller.close();
            return;
          }
          lines.push(ledgerCsvLine(next.value));
        }
        controller.enqueue(encoder.encode(lines.join("")));
      } catch (err) {
        logger.error({ err, accountId }, "ledger CSV export failed");
        controller.error(err);
      }
    },
    async cancel() {
      await entries.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="ledger-${stamp}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
