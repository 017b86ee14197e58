/**
 * Processes several cases can use (one app, one floor per configuration): started on first use,
 * stopped by the runner when the run ends, so the slow app start is paid once, not per case.
 */
interface Stoppable {
  stop(): Promise<void>;
  /** Why the process is gone, if it ended without being stopped: the next user gets a new one. */
  failure?(): string | null;
}

const started = new Map<string, Promise<Stoppable>>();

export async function shared<T extends Stoppable>(key: string, start: () => Promise<T>): Promise<T> {
  const existing = started.get(key);
  if (existing) {
    const resource = await existing.catch(() => null);
    if (resource && !resource.failure?.()) return resource as T;
    if (resource) await resource.stop().catch(() => {});
  }
  const entry = start();
  // A failed start is not cached: the next case may try again.
  entry.catch(() => started.delete(key));
  started.set(key, entry);
  return entry;
}

/** Stops every shared process, newest first. */
export async function stopShared(log: (message: string) => void = () => {}): Promise<void> {
  const entries = [...started.entries()].reverse();
  started.clear();
  for (const [key, entry] of entries) {
    const resource = await entry.catch(() => null);
    if (!resource) continue;
    await resource.stop().catch((err: Error) => log(`could not stop ${key}: ${err.message}`));
  }
}
