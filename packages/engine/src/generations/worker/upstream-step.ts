/**
 * One step of a generation on an upstream route (docs/providers.md#exactly-once): submit, or ask
 * the upstream how the job is doing, or fetch and store its output. Each step is a short pg-boss
 * job that schedules the next one, so a worker slot is never held while an upstream renders, and a
 * crash anywhere resumes from what the database says:
 *
 *   submit intent (route slot taken) ──submit──► upstream id saved ──status…──► output stored ──► completed
 *        │ answered "no": fail over to the next route        │ failed upstream: failed, hold released
 *        │ maybe reached it: outcome unknown ─► idempotent resubmit, or its callback, or release at reconcileBy
 */
import { env } from "@vgen/config";
import type { Db, Generation, ModelRoute } from "@vgen/db";
import { logger } from "../../platform";
import {
  type UpstreamImage,
  type UpstreamRequest,
  type UpstreamTarget,
  UpstreamCallError,
  type VideoAdapter,
  recordRouteFailure,
  recordRouteSuccess,
  fetchOutput,
  adapterFor,
  targetFor,
  GenerationFailure,
} from "../../providers";
import { mp4DurationMs } from "../../storage";
import { fetchImage } from "../../net";
import { markStarted, reportProgress } from "../store";
import { endAttempt, openAttempt } from "./attempt";
import { extensionInput } from "./extension-input";
import { failStep } from "./fail";
import { failOver } from "./failover";
import { again, DONE, type StepResult } from "./step-result";
import { deliverUpstreamOutputs, type UpstreamVideo } from "./upstream-output";

/** Progress shown while the upstream works tops out here; fetching and storing take the rest. */
const WAIT_PROGRESS_CAP = 95;
const MSG_UNCONFIRMED = "The provider never confirmed the job. Nothing was charged.";
const MSG_NOT_READABLE = "The provider's video could not be read. Nothing was charged.";
const MSG_STOPPED = "The provider stopped the job. Nothing was charged.";

interface UpstreamContext {
  db: Db;
  gen: Generation;
  route: ModelRoute;
  adapter: VideoAdapter;
  target: UpstreamTarget;
}

async function images(gen: Generation): Promise<Pick<UpstreamRequest, "firstFrame" | "lastFrame" | "references">> {
  const one = async (url: string): Promise<UpstreamImage> => {
    try {
      const bytes = await fetchImage(url);
      return { url, bytes, mimeType: sniffImageType(bytes) };
    } catch (err) {
      throw new GenerationFailure("reference_fetch_failed", `Could not use image ${url}: ${(err as Error).message}`);
    }
  };
  return {
    firstFrame: gen.firstFrameUrl ? await one(gen.firstFrameUrl) : undefined,
    lastFrame: gen.lastFrameUrl ? await one(gen.lastFrameUrl) : undefined,
    references: await Promise.all(gen.urls.map(one)),
  };
}

function sniffImageType(buf: Buffer): string {
  if (buf.length >= 8 && buf.readUInt32BE(0) === 0x89504e47) return "image/png";
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8) return "image/jpeg";
  if (buf.length >= 12 && buf.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  if (buf.length >= 4 && buf.toString("latin1", 0, 4) === "GIF8") return "image/gif";
  return "application/octet-stream";
}

function callbackUrl(ctx: UpstreamContext): string | undefined {
  if (!ctx.adapter.parseCallback) return undefined;
  return `${env().PUBLIC_BASE_URL}/api/upstream/callbacks/${ctx.route.id}/${ctx.gen.id}`;
}

async function markOutcomeUnknown(db: Db, gen: Generation, submitting = false): Promise<Date> {
  const reconcileBy = gen.reconcileBy ?? new Date(Date.now() + env().UPSTREAM_RECONCILE_SECONDS * 1000);
  const data = { outcomeUnknownSince: gen.outcomeUnknownSince ?? new Date(), reconcileBy };
  if (submitting) await markStarted(db, gen, { ...data, attempts: { increment: 1 } });
  else await db.generation.updateMany({ where: { id: gen.id, status: "processing" }, data });
  return reconcileBy;
}

function pollDelay(since: Date): number {
  const u = env();
  // Poll often at first, then back off: the ×1.5 growth of the documented intervals, by elapsed time.
  const elapsed = Date.now() - since.getTime();
  return Math.min(u.UPSTREAM_MAX_POLL_INTERVAL_MS, Math.max(u.UPSTREAM_POLL_INTERVAL_MS, elapsed / 4));
}

/** The submit: the intent is already recorded (the route slot); the upstream id is saved right after. */
async function submit(ctx: UpstreamContext): Promise<StepResult> {
  const { db, gen, adapter, target, route } = ctx;
  const attempt = await openAttempt(db, gen);
  const request: UpstreamRequest = {
    generationId: gen.id,
    prompt: gen.prompt,
    durationSeconds: gen.duration,
    size: gen.size,
    aspectRatio: gen.aspectRatio,
    width: gen.width,
    height: gen.height,
    seed: Number(gen.seed),
    ...(gen.negativePrompt !== null && { negativePrompt: gen.negativePrompt }),
    generateAudio: gen.generateAudio,
    outputs: gen.n,
    ...(await images(gen)),
    ...(await extensionInput(db, gen, route.upstreamModel ? adapter.capabilities(route.upstreamModel) : null)),
    callbackUrl: callbackUrl(ctx),
  };
  // One key per route attempt: a resubmit of the same attempt is the same job to the upstream.
  const key = attempt?.id ?? `${gen.id}-${route.id}`;
  // From here until the upstream's answer is saved, a crash leaves the outcome unknown: a resumed
  // job must not submit again blindly, and the hold stays until the upstream's fate is known.
  await markOutcomeUnknown(db, gen, true);
  let upstreamId: string;
  try {
    upstreamId = await adapter.submit(target, request, key, AbortSignal.timeout(120_000));
  } catch (err) {
    if (err instanceof UpstreamCallError) return submitFailed(ctx, err);
    throw err;
  }
  await db.$transaction([
    db.generation.updateMany({
      where: { id: gen.id, routeId: route.id },
      data: { upstreamTaskId: upstreamId, outcomeUnknownSince: null, reconcileBy: null },
    }),
    db.routeAttempt.updateMany({ where: { id: attempt?.id ?? "" }, data: { acceptedAt: new Date(), upstreamId } }),
  ]);
  await recordRouteSuccess(db, route.id);
  logger.info({ generationId: gen.id, route: route.id, upstreamId }, "upstream accepted the job");
  return again(env().UPSTREAM_POLL_INTERVAL_MS);
}

async function submitFailed(ctx: UpstreamContext, err: UpstreamCallError): Promise<StepResult> {
  const { db, gen, route, adapter } = ctx;
  await recordRouteFailure(db, route.id, err.message);
  const log = logger.child({ generationId: gen.id, route: route.id });
  if (err.options.accepted === "no") {
    // Never reached the upstream, or turned away: the next route can take it, nothing is paid twice.
    log.warn({ err: err.message }, "upstream refused the submit: failing over");
    return failOver(db, gen, err.message);
  }
  const reconcileBy = await markOutcomeUnknown(db, gen);
  if (Date.now() >= reconcileBy.getTime())
    return failStep(ctx.db, ctx.gen, new GenerationFailure("upstream_error", MSG_UNCONFIRMED, err.message), "abandoned");
  const idempotent = adapter.capabilities(route.upstreamModel ?? "")?.idempotentSubmit ?? false;
  log.warn({ err: err.message, idempotent }, "submit may have reached the upstream: outcome unknown");
  // An idempotent upstream is asked again with the same key; any other is left alone until its
  // callback names the job or the reconciliation deadline passes.
  return again(idempotent ? (err.options.retryAfterMs ?? env().UPSTREAM_POLL_INTERVAL_MS) : env().UPSTREAM_POLL_INTERVAL_MS * 2);
}

/** A step of a job the upstream accepted (or may have). */
async function follow(ctx: UpstreamContext): Promise<StepResult> {
  const { db, gen, adapter, target, route } = ctx;
  const attempt = await openAttempt(db, gen);
  const since = attempt?.acceptedAt ?? gen.submitIntentAt ?? gen.createdAt;
  const upstreamId = gen.upstreamTaskId ?? "";
  if (Date.now() - since.getTime() > env().UPSTREAM_TIMEOUT_SECONDS * 1000) {
    await adapter.cancel(target, upstreamId);
    return failStep(
      ctx.db,
      ctx.gen,
      new GenerationFailure(
        "timeout",
        `The provider did not finish within ${env().UPSTREAM_TIMEOUT_SECONDS} seconds. Nothing was charged.`,
        "upstream timeout",
      ),
    );
  }
  let status: Awaited<ReturnType<VideoAdapter["status"]>>;
  try {
    status = await adapter.status(target, upstreamId, AbortSignal.timeout(60_000));
  } catch (err) {
    if (!(err instanceof UpstreamCallError)) throw err;
    return unreachable(ctx, err);
  }
  if (gen.outcomeUnknownSince) {
    await db.generation.updateMany({ where: { id: gen.id }, data: { outcomeUnknownSince: null, reconcileBy: null } });
  }
  switch (status.state) {
    case "running": {
      const expected = Math.max(30, gen.duration * 10) * 1000;
      const estimate = WAIT_PROGRESS_CAP * (1 - Math.exp(-(Date.now() - since.getTime()) / expected));
      const pct = status.progress !== undefined ? (status.progress * WAIT_PROGRESS_CAP) / 100 : estimate;
      if (!(await reportProgress(db, gen.id, pct))) return canceledMeanwhile(ctx);
      return again(pollDelay(since));
    }
    case "succeeded": {
      // Several videos when the request asked for `n`; more than asked are not delivered (nor billed).
      const videos: Buffer[] = [];
      try {
        for (const output of status.outputs.slice(0, gen.n))
          videos.push(await fetchOutput(target, output, AbortSignal.timeout(15 * 60_000)));
      } catch (err) {
        if (err instanceof UpstreamCallError) return unreachable(ctx, err);
        if (err instanceof GenerationFailure) return failStep(ctx.db, ctx.gen, err);
        throw err;
      }
      const delivered: UpstreamVideo[] = [];
      for (const bytes of videos) {
        const deliveredMs = mp4DurationMs(bytes);
        if (deliveredMs === null || deliveredMs <= 0) {
          return failStep(
            ctx.db,
            ctx.gen,
            new GenerationFailure("upstream_error", MSG_NOT_READABLE, `${target.name}: output has no readable duration`),
          );
        }
        delivered.push({ bytes, deliveredMs });
      }
      if (delivered.length === 0)
        return failStep(ctx.db, ctx.gen, new GenerationFailure("upstream_error", MSG_NOT_READABLE, `${target.name}: no video`));
      const deliveredMs = delivered.reduce((sum, v) => sum + v.deliveredMs, 0);
      const upstreamCostMicros = (route.costMicrosPerSecond * BigInt(deliveredMs)) / 1000n;
      // Fewer than asked (a partial delivery) bills what arrived; the rest of the hold is released.
      await deliverUpstreamOutputs(db, gen, delivered, upstreamCostMicros);
      await endAttempt(db, gen, "completed", { deliveredMs, upstreamCostMicros });
      await recordRouteSuccess(db, route.id);
      return DONE;
    }
    case "failed":
      // A platform failure upstream counts against the route; a refusal of this request does not.
      if (status.failure.code !== "content_policy_violation")
        await recordRouteFailure(db, route.id, status.failure.detail ?? status.failure.message);
      return failStep(ctx.db, ctx.gen, status.failure);
    case "canceled":
      return failStep(
        ctx.db,
        ctx.gen,
        new GenerationFailure("upstream_error", MSG_STOPPED, `${target.name}: job canceled upstream`),
      );
  }
}

/** The upstream could not be asked: keep asking until the reconciliation deadline, never releasing earlier. */
async function unreachable(ctx: UpstreamContext, err: UpstreamCallError): Promise<StepResult> {
  await recordRouteFailure(ctx.db, ctx.route.id, err.message);
  const reconcileBy = await markOutcomeUnknown(ctx.db, ctx.gen);
  if (Date.now() >= reconcileBy.getTime()) {
    await ctx.adapter.cancel(ctx.target, ctx.gen.upstreamTaskId ?? "");
    return failStep(ctx.db, ctx.gen, new GenerationFailure("upstream_error", MSG_UNCONFIRMED, err.message), "abandoned");
  }
  logger.warn({ generationId: ctx.gen.id, err: err.message }, "upstream unreachable: asking again later");
  return again(err.options.retryAfterMs ?? pollDelay(ctx.gen.submitIntentAt ?? ctx.gen.createdAt));
}

async function canceledMeanwhile(ctx: UpstreamContext): Promise<StepResult> {
  if (ctx.gen.upstreamTaskId) await ctx.adapter.cancel(ctx.target, ctx.gen.upstreamTaskId);
  await endAttempt(ctx.db, ctx.gen, "canceled");
  return DONE;
}

/** Runs the next step of a processing generation that holds a slot on an upstream route. */
export async function upstreamStep(db: Db, gen: Generation, route: ModelRoute): Promise<StepResult> {
  // The last line of defence: a test-mode generation must never reach a provider (nor be billed by one).
  if (!gen.livemode) throw new Error(`test-mode generation ${gen.id} must not be sent upstream`);
  const adapter = adapterFor(route.provider);
  const target = targetFor(route);
  if (!adapter || !target) {
    // Its credentials went away since the route was taken. With a job of it upstream, only they can
    // ask about it: wait for them at the polling pace (the deadline sweep ends it if they never
    // return). With nothing sent, the next route takes it.
    if (!gen.upstreamTaskId) return failOver(db, gen, "not configured");
    logger.warn({ generationId: gen.id, route: route.id }, "route credentials gone while its job runs upstream: waiting");
    return again(pollDelay(gen.submitIntentAt ?? gen.createdAt));
  }
  const ctx: UpstreamContext = { db, gen, route, adapter, target };
  if (gen.upstreamTaskId) return follow(ctx);
  if (gen.outcomeUnknownSince) {
    const idempotent = adapter.capabilities(route.upstreamModel ?? "")?.idempotentSubmit ?? false;
    if (!idempotent) {
      // Its callback may still name the job (upstream-callbacks.ts); until the deadline, nothing is released.
      if (gen.reconcileBy && Date.now() >= gen.reconcileBy.getTime()) {
        return failStep(
          db,
          gen,
          new GenerationFailure("upstream_error", MSG_UNCONFIRMED, "submit outcome never learned"),
          "abandoned",
        );
      }
      return again(env().UPSTREAM_POLL_INTERVAL_MS * 2);
    }
  }
  try {
    return await submit(ctx);
  } catch (err) {
    if (err instanceof GenerationFailure) return failStep(db, gen, err);
    throw err;
  }
}

/** After a generation stopped processing (canceled by its owner) while on an upstream: stop that job, once. */
export async function stopUpstream(db: Db, gen: Generation): Promise<void> {
  if (!gen.routeId) return;
  const route = await db.modelRoute.findUnique({ where: { id: gen.routeId } });
  const adapter = route ? adapterFor(route.provider) : null;
  const target = route ? targetFor(route) : null;
  if (!route || !adapter || !target) return;
  if (!(await openAttempt(db, gen))) return;
  if (gen.upstreamTaskId) await adapter.cancel(target, gen.upstreamTaskId);
  await endAttempt(db, gen, gen.status === "canceled" ? "canceled" : "ended");
}
