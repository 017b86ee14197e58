import type { Id } from "@vgen/contracts";
// `Prefer: wait` on create (docs/api.md#waiting-for-the-result): hold the answer until the
// generation ends or the wait is over, from the process's shared feed (no polling of our own).
import type { Db } from "@vgen/db";
import { generationFeed, type FeedRecord } from "./feed";
import { generationNotFound } from "./store";

/** The generation's record once it is terminal, or its latest record when `seconds` pass first. */
export async function waitForOutcome(db: Db, accountId: Id<"acct">, generationId: string, seconds: number): Promise<FeedRecord> {
  const feed = generationFeed(db);
  const latest = await new Promise<FeedRecord | null>((resolve) => {
    let last: FeedRecord | null = null;
    const done = () => {
      clearTimeout(timer);
      unwatch();
      resolve(last);
    };
    const timer = setTimeout(done, seconds * 1000);
    const unwatch = feed.watch(generationId, accountId, (record) => {
      last = record;
      if (!record || record.terminal) done();
    });
  });
  if (latest) return latest;
  const record = await feed.lookup(generationId, accountId);
  if (!record) throw generationNotFound(generationId);
  return record;
}
