/**
 * The queue state each round starts from. Without a worker (the request path) every accepted
 * generation stays `processing`, and the floor's never get a job at all; the app reads the
 * processing generations on each create and poll (its ETA estimate), so a backlog left by earlier
 * rounds, cases or the floor would make each round slower than the one before. Ending them between
 * rounds stands in for the worker, so every round starts with an empty queue.
 */
import pg from "pg";

/** Marks every processing generation canceled (a bench database's books need not balance); returns how many. */
export async function clearBacklog(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query(
      "UPDATE generations SET status = 'canceled', completed_at = now() WHERE status = 'processing'",
    );
    // What the earlier rounds left dead (the balance row's versions, canceled rows in the waiting
    // index) would make each round slower than the one before, whichever side ran it.
    await client.query("VACUUM accounts, generations, ledger_entries");
    return res.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
