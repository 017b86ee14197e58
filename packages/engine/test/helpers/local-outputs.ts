import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * A data directory of the suite's own, with outputs stored in it (local storage), removed after
 * the suite. Call it at the top of the test file: the engine reads these variables when it loads.
 * `fastUpstreams`: the providers' fakes on loopback are reachable and polled every 10-20 ms.
 */
export function useLocalOutputs(tag: string, opts: { fastUpstreams?: boolean } = {}): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `vgen-${tag}-`));
  process.env.DATA_DIR = dataDir;
  process.env.OUTPUT_DIR = path.join(dataDir, "outputs");
  process.env.LOG_LEVEL ??= "warn";
  delete process.env.STORAGE_DRIVER;
  if (opts.fastUpstreams)
    Object.assign(process.env, {
      ALLOW_PRIVATE_NETWORK_FETCH: "1",
      UPSTREAM_POLL_INTERVAL_MS: "10",
      UPSTREAM_MAX_POLL_INTERVAL_MS: "20",
    });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}
