import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readiness } from "../src/observability/readiness";
import { stopBoss } from "../src/platform/queue";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";

describe.skipIf(!testDatabaseUrl)("readiness (GET /api/health/ready)", () => {
  const db = useTestDb(2);
  afterAll(() => stopBoss());

  it("is ready while database, storage and queue answer; not ready, naming storage, once outputs cannot be written", async () => {
    const outputs = await mkdtemp(path.join(os.tmpdir(), "readiness-"));
    process.env.OUTPUT_DIR = outputs;
    try {
      const ready = await readiness(db());
      expect(ready).toMatchObject({
        ready: true,
        checks: { database: { ok: true }, storage: { ok: true }, queue: { ok: true } },
      });
      // The output directory replaced by a file (a volume gone read-only or unmounted behaves alike
      // for every render): nothing can be stored, so the instance is not ready.
      await rm(outputs, { recursive: true, force: true });
      await writeFile(outputs, "not a directory");
      const broken = await readiness(db());
      expect(broken.ready).toBe(false);
      expect(broken.checks.storage).toMatchObject({ ok: false, error: expect.any(String) });
      expect(broken.checks.database.ok).toBe(true);
      expect(broken.checks.queue.ok).toBe(true);
    } finally {
      await rm(outputs, { recursive: true, force: true });
    }
  }, 60_000);
});
