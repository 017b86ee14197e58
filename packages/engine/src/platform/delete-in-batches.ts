/**
 * Repeats a delete of at most `batch` rows until one deletes fewer; returns how many went. A cleanup
 * over a long history so never holds one huge delete (and its locks) open.
 */
export async function deleteInBatches(batch: number, remove: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await remove(batch);
    total += deleted;
    if (deleted < batch) return total;
  }
}
