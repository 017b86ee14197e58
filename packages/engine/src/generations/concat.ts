/**
 * POST /api/v1/videos/concat (docs/api.md#concatenating-a-chain): an extension chain joined into one
 * MP4, as a generation record of its own (`concat_of`). The clips were billed when they were made:
 * the join costs nothing, holds nothing and writes no ledger entry. It is a remux (no re-encoding),
 * quick enough to answer the request with the completed record.
 */
import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { ApiError, type Id } from "@vgen/contracts";
import { newId, type Db, type Generation } from "@vgen/db";
import { ClipsDifferError, concatMp4 } from "../render";
import { openOutput, outputKeyFor, outputsOf, posterFromMp4, posterKeyFor, storageBackend, type StoredOutput } from "../storage";
import { consumeRateLimit, currentTraceId, logger, rateLimitedError } from "../platform";
import { outputExpired } from "./retention";
import { getGenerationForAccount } from "./store";
import { chainOf } from "./extend";

/** Joins per account per second: each reads every clip of its chain and stores a new file. */
const CONCAT_QPS = 1;

export async function concatChain(
  db: Db,
  input: { accountId: Id<"acct">; apiKeyId: string | null; id: string; livemode: boolean; projectId?: string },
): Promise<Generation> {
  const last = await getGenerationForAccount(db, input.accountId, input.id, input.livemode, input.projectId);
  if (last.status !== "completed" || outputsOf(last).length === 0)
    throw new ApiError(
      "clip_not_completed",
      `Generation '${last.id}' is ${last.status}; only completed clips can be joined.`,
      "id",
    );
  if (!last.extendedFrom)
    throw new ApiError(
      "concat_not_a_chain",
      `Generation '${last.id}' extends no other generation: pass the last extension of a chain.`,
      "id",
    );
  const limit = await consumeRateLimit(`acct:${input.accountId}:concat`, CONCAT_QPS);
  if (!limit.allowed) throw rateLimitedError(limit, "joins on this account");
  const now = new Date();
  const chain = await chainOf(db, last);
  // Each clip of the chain by its first output (an extension continues a source's first clip).
  const keys = chain.map((g) => outputsOf(g)[0]?.key);
  const gone = chain.find((g, i) => !keys[i] || outputExpired(g, now));
  if (gone) throw new ApiError("clip_expired", `The output of '${gone.id}', a clip of this chain, has expired.`, "id");
  const clips: Buffer[] = [];
  for (const [i, g] of chain.entries()) {
    const stored = await openOutput(keys[i]!);
    if (!stored) throw new ApiError("clip_expired", `The output of '${g.id}', a clip of this chain, is no longer stored.`, "id");
    clips.push(await buffer(stored.stream()));
  }
  const joined = await concatMp4(clips).catch((err: Error) => {
    if (err instanceof ClipsDifferError)
      throw new ApiError(
        "concat_clips_differ",
        `The clips of this chain cannot be joined without re-encoding: ${err.message} (made by different providers).`,
        "id",
      );
    logger.error({ err: err.message, chain: chain.map((g) => g.id) }, "chain could not be joined");
    throw new ApiError("internal_error", "The chain's clips could not be joined. Nothing was charged.");
  });
  return storeConcatenation(db, { chain, joined, apiKeyId: input.apiKeyId, now });
}

async function storeConcatenation(
  db: Db,
  input: { chain: Generation[]; joined: Awaited<ReturnType<typeof concatMp4>>; apiKeyId: string | null; now: Date },
): Promise<Generation> {
  const { chain, joined, now } = input;
  const first = chain[0]!;
  const last = chain.at(-1)!;
  const id = newId("vid");
  const { retentionDays } = await db.account.findUniqueOrThrow({
    where: { id: last.accountId },
    select: { retentionDays: true },
  });
  const keepSeconds = retentionDays * 86_400;
  const store = await storageBackend();
  const work = path.join(await store.workDir(), `${outputKeyFor(id)}.${process.pid}.${randomBytes(6).toString("hex")}.part`);
  let posterKey: string | null = null;
  try {
    await writeFile(work, joined.mp4);
    const poster = await posterFromMp4(joined.mp4).catch(() => null);
    if (poster) {
      await writeFile(`${work}.jpg`, poster);
      await store.put(posterKeyFor(id), `${work}.jpg`, keepSeconds);
      posterKey = posterKeyFor(id);
    }
    await store.put(outputKeyFor(id), work, keepSeconds);
  } finally {
    await Promise.all([rm(work, { force: true }), rm(`${work}.jpg`, { force: true })]);
  }
  const duration = Math.round(joined.durationUs / 1e6);
  return db.generation.create({
    data: {
      id,
      accountId: last.accountId,
      apiKeyId: input.apiKeyId,
      projectId: last.projectId,
      modelId: last.modelId,
      status: "completed",
      // The chain's opening prompt names it; each clip's own stays on its record.
      prompt: first.prompt,
      duration,
      size: last.size,
      aspectRatio: last.aspectRatio,
      width: last.width,
      height: last.height,
      priceMicrosPerSecond: last.priceMicrosPerSecond,
      billedSeconds: 0,
      costMicros: 0n,
      queue: last.queue,
      seed: first.seed,
      generateAudio: joined.hasAudio,
      progress: 100,
      etaSecondsAtAccept: 0,
      outputs: [
        {
          index: 0,
          key: outputKeyFor(id),
          poster_key: posterKey,
          delivered_ms: Math.round(joined.durationUs / 1000),
          has_audio: joined.hasAudio,
        } satisfies StoredOutput,
      ],
      expiresAt: new Date(now.getTime() + keepSeconds * 1000),
      livemode: last.livemode,
      traceId: currentTraceId(),
      createdAt: now,
      startedAt: now,
      completedAt: now,
      concatOf: chain.map((g) => g.id),
    },
  });
}
