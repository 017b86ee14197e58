// Output retention (docs/api.md#output-retention): expires_at is set at completion from the
// request's retention_days or the account's setting; the sweep deletes the MP4 and its poster once,
// in local storage and in an S3 bucket, and the record and /cdn say the output expired.
import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { CreateBucketCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { CreateGenerationBody, parseCreateGeneration } from "@vgen/contracts";
import type { Account } from "@vgen/db";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFundedAccounts } from "./helpers/funded-accounts";
import { testDatabaseUrl, useTestDb } from "./helpers/test-db";
import { recordStoredOutput } from "../src/storage/outputs";
import { useLocalOutputs } from "./helpers/local-outputs";

const dataDir = useLocalOutputs("retention");

const DAY_MS = 86_400_000;

describe("retention_days on create", () => {
  const base = { model: "gen-3.1-fast", prompt: "a lighthouse at dusk" };

  it("takes whole days from 1 to 365", () => {
    expect(parseCreateGeneration({ ...base, retention_days: 1 }).retention_days).toBe(1);
    expect(parseCreateGeneration({ ...base, retention_days: 365 }).retention_days).toBe(365);
    expect(parseCreateGeneration(base).retention_days).toBeUndefined();
  });

  it("refuses anything else with invalid_parameter naming retention_days", () => {
    for (const bad of [0, 366, 1.5, -3, "7", null]) {
      expect(() => parseCreateGeneration({ ...base, retention_days: bad }), String(bad)).toThrow(
        expect.objectContaining({ code: "invalid_parameter", param: "retention_days" }),
      );
    }
    expect(CreateGenerationBody.safeParse({ ...base, retention_days: 366 }).success).toBe(false);
  });
});

describe.skipIf(!testDatabaseUrl)("output retention", () => {
  const db = useTestDb(6);
  const funded = useFundedAccounts(db, "retention");
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  let account: Account;

  beforeAll(async () => {
    engine = await loadEngine();
    account = await funded(100_000_000n);
  });

  /** A generation completed with a stored MP4 and poster (bytes written as the worker would store them). */
  async function completed(owner: Account, retentionDays?: number) {
    const model = await engine.findEnabledModel(db(), "gen-3.1-fast");
    const body = {
      model: model.id,
      prompt: "a paper boat",
      duration: 1,
      ...(retentionDays ? { retention_days: retentionDays } : {}),
    };
    const gen = await engine.createGeneration(db(), { account: owner, apiKeyId: null, model, body });
    const store = await engine.storageBackend();
    for (const [key, bytes] of [
      [`${gen.id}.mp4`, "mp4 bytes"],
      [`${gen.id}.jpg`, "jpeg bytes"],
    ] as const) {
      const src = path.join(await store.workDir(), `${key}.part`);
      await writeFile(src, bytes);
      await store.put(key, src, 86_400);
    }
    await recordStoredOutput(db(), gen.id, {
      index: 0,
      key: `${gen.id}.mp4`,
      poster_key: `${gen.id}.jpg`,
      delivered_ms: 1000,
      has_audio: false,
    });
    const done = await engine.completeGeneration(db(), gen.id);
    if (!done) throw new Error("not completed");
    return done;
  }

  const stored = (key: string) =>
    access(path.join(process.env.OUTPUT_DIR!, key)).then(
      () => true,
      () => false,
    );

  it("sets expires_at at completion: the request's retention_days over the account's setting", async () => {
    await engine.setRetentionDays(db(), account.id, 12);
    const byRequest = await completed(account, 7);
    const byAccount = await completed(account);
    expect(byRequest.expiresAt!.getTime() - byRequest.completedAt!.getTime()).toBe(7 * DAY_MS);
    expect(byAccount.expiresAt!.getTime() - byAccount.completedAt!.getTime()).toBe(12 * DAY_MS);

    const record = engine.toRecord(byRequest, { etaSeconds: 0, queuePosition: null });
    expect(record.output).toHaveLength(1);
    expect(record.output[0]).toMatchObject({
      expires_at: byRequest.expiresAt!.toISOString().replace(/\.\d{3}Z$/, "Z"),
      expired: false,
    });
    // The default of a new account is 30 days.
    const fresh = await funded(10_000_000n);
    const byDefault = await completed(fresh);
    expect(byDefault.expiresAt!.getTime() - byDefault.completedAt!.getTime()).toBe(30 * DAY_MS);
  });

  it("refuses an account setting out of bounds", async () => {
    for (const bad of [0, 366, 2.5]) {
      await expect(engine.setRetentionDays(db(), account.id, bad)).rejects.toMatchObject({
        code: "invalid_parameter",
        param: "retention_days",
      });
    }
    // The database holds the bounds too, whoever writes.
    await expect(db().account.update({ where: { id: account.id }, data: { retentionDays: 0 } })).rejects.toThrow();
  });

  it("sweeps an expired output once: MP4 and poster gone, the record and /cdn say expired", async () => {
    const gen = await completed(account, 3);
    const kept = await completed(account, 3);
    expect(await stored(`${gen.id}.mp4`)).toBe(true);
    expect(await engine.outputRetention(db(), `${gen.id}.mp4`)).toMatchObject({ expired: false });

    // Not yet due: nothing is deleted.
    await engine.sweepExpiredOutputs(db());
    expect(await stored(`${gen.id}.mp4`)).toBe(true);

    await db().generation.update({ where: { id: gen.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    // Expired before the sweep runs: the record and the /cdn check already say so.
    const due = await db().generation.findUniqueOrThrow({ where: { id: gen.id } });
    expect(engine.toRecord(due, { etaSeconds: 0, queuePosition: null }).output[0]?.expired).toBe(true);
    expect(await engine.outputRetention(db(), `${gen.id}.jpg`)).toEqual({ expired: true, maxAgeSeconds: 0 });

    // Two workers at once share the batch without overlap; together they sweep it once.
    const counts = await Promise.all([engine.sweepExpiredOutputs(db()), engine.sweepExpiredOutputs(db())]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await stored(`${gen.id}.mp4`)).toBe(false);
    expect(await stored(`${gen.id}.jpg`)).toBe(false);
    expect(await stored(`${kept.id}.mp4`)).toBe(true);
    expect(await stored(`${kept.id}.jpg`)).toBe(true);

    const swept = await db().generation.findUniqueOrThrow({ where: { id: gen.id } });
    expect(swept.outputDeletedAt).not.toBeNull();
    const record = engine.toRecord(swept, { etaSeconds: 0, queuePosition: null });
    expect(record.status).toBe("completed");
    expect(record.output[0]).toMatchObject({ url: expect.stringMatching(/\.mp4$/), expired: true });
    expect(engine.historyView({ ...swept, apiKey: null, ledger: [] })).toMatchObject({
      outputUrl: null,
      posterUrl: null,
      outputExpired: true,
    });

    // A second sweep is a no-op.
    expect(await engine.sweepExpiredOutputs(db())).toBe(0);
    expect((await db().generation.findUniqueOrThrow({ where: { id: gen.id } })).outputDeletedAt).toEqual(swept.outputDeletedAt);
  });

  it("the sweep's scan can read the partial index (a test table is too small for the planner to prefer it)", async () => {
    const plan = await db().$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN SELECT id FROM generations WHERE expires_at <= $1 AND output_deleted_at IS NULL ORDER BY expires_at LIMIT 50`,
        new Date(),
      );
    });
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("generations_expires_at_idx");
  });

  describe("in an S3 bucket", () => {
    let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
    afterAll(async () => {
      await server?.close();
    });

    it("deletes the expired MP4 and poster objects", async () => {
      server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(dataDir, "s3rver") });
      const { port } = await server.run();
      const { createS3Storage } = await import("../src/storage/s3");
      const s3 = createS3Storage({
        bucket: "vgen-retention",
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      });
      await s3.client.send(new CreateBucketCommand({ Bucket: "vgen-retention" }));
      const gen = await completed(account, 1);
      for (const key of [`${gen.id}.mp4`, `${gen.id}.jpg`]) {
        const src = path.join(dataDir, `${key}.part`);
        await writeFile(src, key);
        await s3.put(key, src, 86_400);
      }
      await db().generation.update({ where: { id: gen.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

      expect(await engine.sweepExpiredOutputs(db(), { store: s3 })).toBe(1);
      for (const key of [`${gen.id}.mp4`, `${gen.id}.jpg`]) {
        expect(await s3.open(key), key).toBeNull();
        await expect(s3.client.send(new HeadObjectCommand({ Bucket: "vgen-retention", Key: key }))).rejects.toThrow();
      }
      expect(await engine.sweepExpiredOutputs(db(), { store: s3 })).toBe(0);
    });
  });
});

/** The engine modules this suite drives, imported after the environment above is set. */
async function loadEngine() {
  return {
    ...(await import("../src/accounts/index")),
    ...(await import("../src/catalog/index")),
    ...(await import("../src/generations/index")),
    ...(await import("../src/generations/public-record")),
    ...(await import("../src/storage/backend")),
  };
}
